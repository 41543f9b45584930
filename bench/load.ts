// Load: 100 concurrent clients for 20 s of mixed reads and writes on loopback, rate limit off. Prints JSON.
// Two runs of the same mix: paced (each client waits a random think time, BENCH_LOAD_RATE requests a
// second on average, as people clicking through the console do: the p99 target applies here) and
// saturation (autocannon: every client sends its next request the moment the last one is answered:
// throughput, and proof of 0 errors at the limit). autocannon's own `connectionRate` is not used for
// the paced run: it fires every client's requests together at each second boundary.
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
    headers,
    requests: mix,
  })
  const saturation = {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.timeouts,
    non_2xx: result.non2xx,
    latency_ms: { p50: result.latency.p50, p99: result.latency.p99 },
  }
  console.log(
    JSON.stringify(
      {
        clients: CLIENTS,
        seconds: SECONDS,
        mix: '4 reads (recordings page 1, a deep page by duration, organization, batch exports) : 2 writes (PATCH recording, POST organization)',
        paced: {
          per_client_rps: RATE,
          ...paced,
          latency_ms: { ...paced.latency_ms, p99: { value: paced.latency_ms.p99, target: '<= 50' } },
        },
        saturation,
      },
      null,
      2,
    ),
  )
  if ([paced, saturation].some((r) => r.errors + r.non_2xx > 0)) process.exitCode = 1
} finally {
  server.kill()
  rmSync(dir, { recursive: true, force: true })
}

type Req = { method: 'GET' | 'PATCH' | 'POST'; path: string; body?: string }

/** CLIENTS clients, each sending the mix in turn after an exponential think time (mean 1 / RATE s). */
async function pacedClients(port: number, headers: Record<string, string>, mix: Req[]) {
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS })
  const send = (r: Req) =>
    new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, agent, method: r.method, path: r.path, headers }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      })
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')))
      req.on('error', reject)
      req.end(r.body)
    })
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  const times: number[] = []
  let errors = 0
  let non2xx = 0
  const end = performance.now() + SECONDS * 1000
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = client; ; i++) {
        await sleep((-Math.log(1 - Math.random()) * 1000) / RATE)
        if (performance.now() >= end) return
        const started = performance.now()
        try {
          if ((await send(mix[i % mix.length]!)) >= 300) non2xx++
          times.push(performance.now() - started)
        } catch {
          errors++
        }
      }
    }),
  )
  agent.destroy()
  times.sort((a, b) => a - b)
  const at = (p: number) => +percentile(times, p).toFixed(1)
  return {
    requests: times.length + errors,
    rps: Math.round((times.length + errors) / SECONDS),
    errors,
    non_2xx: non2xx,
    latency_ms: { p50: at(50), p90: at(90), p99: at(99) },
  }
}
