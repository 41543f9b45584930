// Load: 100 concurrent clients for 20 s of mixed reads and writes on loopback, rate limit off. Prints JSON.
// Two runs of the same mix: paced (each client waits a random think time, BENCH_LOAD_RATE requests a
// second on average, as people clicking through the console do: the p99 target applies here) and
// saturation (autocannon: every client sends its next request the moment the last one is answered:
// throughput, and proof of 0 errors at the limit). autocannon's own `connectionRate` is not used for
// the paced run: it fires every client's requests together at each second boundary.
// Compression on and off in the paced run: the run is cut into 2-second blocks that alternate between
// a browser's Accept-Encoding (lists go out brotli-encoded) and none (every answer as it is), and each
// mode gets its own percentiles; alternating blocks share whatever else the machine is doing, so the
// two are comparable on a busy box where two runs one after the other are not. Saturation runs with
// compression on, as browsers ask.
import autocannon from 'autocannon'
import { Agent, request } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../server/db/database'
import { seedScale } from '../server/seed/scale'
import { percentile, startProcess } from './lib'

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20)
const RATE = Number(process.env.BENCH_LOAD_RATE ?? 2)
const CLIENTS = 100
/** What a browser sends; the paced run's "compressed" blocks send it, the others send no Accept-Encoding. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' }
const BLOCK_MS = 2000
const dir = mkdtempSync(join(tmpdir(), 'aa-load-'))
const dbPath = join(dir, 'load.sqlite')
const { db } = openDatabase(dbPath)
const { key, project_id, organization_id } = seedScale(db, { recordings: 20_000, exports: 10, runsPerExport: 20 })
const recording = (
  db.prepare('SELECT id FROM session_recordings WHERE team_id = ? LIMIT 1').get(project_id) as { id: string }
).id
db.close()

const port = 18_411
const server = await startProcess(
  ['server/main.ts'],
  { PORT: String(port), DATABASE_PATH: dbPath, RATE_LIMIT_PER_MINUTE: '0' },
  /Ready on/,
)
try {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' }
  const rec = `/api/projects/${project_id}/session_recordings/`
  const mix: Req[] = [
    { method: 'GET', path: `${rec}?limit=100` },
    { method: 'GET', path: `${rec}?limit=100&offset=5000&order=duration` },
    { method: 'GET', path: `/api/organizations/${organization_id}/` },
    { method: 'GET', path: `/api/organizations/${organization_id}/batch_exports/?limit=10` },
    { method: 'PATCH', path: `${rec}${recording}/`, body: JSON.stringify({ viewed: true }) },
    { method: 'POST', path: '/api/organizations/', body: JSON.stringify({ name: 'Load test org' }) },
  ]
  const paced = await pacedClients(port, headers, mix)
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CLIENTS,
    duration: SECONDS,
    headers: { ...headers, ...BROWSER },
    requests: mix,
  })
  const saturation = {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.timeouts,
    non_2xx: result.non2xx,
    latency_ms: { p50: result.latency.p50, p99: result.latency.p99 },
  }
  const target = (p: typeof paced.compressed) => ({
    per_client_rps: RATE,
    ...p,
    latency_ms: { ...p.latency_ms, p99: { value: p.latency_ms.p99, target: '<= 50' } },
  })
  console.log(
    JSON.stringify(
      {
        clients: CLIENTS,
        seconds: SECONDS,
        mix: '4 reads (recordings page 1, a deep page by duration, organization, batch exports) : 2 writes (PATCH recording, POST organization)',
        paced: target(paced.compressed),
        paced_uncompressed: target(paced.uncompressed),
        saturation,
      },
      null,
      2,
    ),
  )
  if ([paced.compressed, paced.uncompressed, saturation].some((r) => r.errors + r.non_2xx > 0)) process.exitCode = 1
} finally {
  server.kill()
  rmSync(dir, { recursive: true, force: true })
}

type Req = { method: 'GET' | 'PATCH' | 'POST'; path: string; body?: string }

/**
 * CLIENTS clients, each sending the mix in turn after an exponential think time (mean 1 / RATE s), with
 * and without compression in alternating blocks of BLOCK_MS; percentiles per mode.
 */
async function pacedClients(port: number, headers: Record<string, string>, mix: Req[]) {
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS })
  const send = (r: Req, compressed: boolean) =>
    new Promise<number>((resolve, reject) => {
      const h = compressed ? { ...headers, ...BROWSER } : headers
      const req = request({ host: '127.0.0.1', port, agent, method: r.method, path: r.path, headers: h }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      })
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')))
      req.on('error', reject)
      req.end(r.body)
    })
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  const modes = {
    compressed: { times: [] as number[], errors: 0, non2xx: 0 },
    uncompressed: { times: [] as number[], errors: 0, non2xx: 0 },
  }
  // A first block of warm-up (JIT, SQLite's page cache) counts for neither mode: it would weigh on the first.
  const start = performance.now() + BLOCK_MS
  const end = start + SECONDS * 1000
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = client; ; i++) {
        await sleep((-Math.log(1 - Math.random()) * 1000) / RATE)
        const started = performance.now()
        if (started >= end) return
        if (started < start) {
          await send(mix[i % mix.length]!, i % 2 === 0).catch(() => 0)
          continue
        }
        const mode = Math.floor((started - start) / BLOCK_MS) % 2 ? modes.uncompressed : modes.compressed
        try {
          if ((await send(mix[i % mix.length]!, mode === modes.compressed)) >= 300) mode.non2xx++
          mode.times.push(performance.now() - started)
        } catch {
          mode.errors++
        }
      }
    }),
  )
  agent.destroy()
  const summary = ({ times, errors, non2xx }: (typeof modes)['compressed']) => {
    times.sort((a, b) => a - b)
    const at = (p: number) => +percentile(times, p).toFixed(1)
    return {
      requests: times.length + errors,
      rps: Math.round((times.length + errors) / (SECONDS / 2)),
      errors,
      non_2xx: non2xx,
      latency_ms: { p50: at(50), p90: at(90), p99: at(99) },
    }
  }
  return { compressed: summary(modes.compressed), uncompressed: summary(modes.uncompressed) }
}
