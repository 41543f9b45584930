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
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../server/db/database'
import { listRecordings } from '../server/db/recordings'
import { seedScale } from '../server/seed/scale'
import { pacedModes, startProcess, apiMix } from './lib'

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20)
const RATE = Number(process.env.BENCH_LOAD_RATE ?? 2)
const CLIENTS = 100
/** What a browser sends; the paced run's "compressed" blocks send it, the others send no Accept-Encoding. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' }
const dir = mkdtempSync(join(tmpdir(), 'aa-load-'))
const dbPath = join(dir, 'load.sqlite')
const { db } = openDatabase(dbPath)
const { key, project_id, organization_id } = seedScale(db, { recordings: 20_000, exports: 10, runsPerExport: 20 })
const recording = listRecordings(db, project_id, {}, 1, 0)[0]!.id
db.close()

const port = 18_411
const server = await startProcess(
  ['server/main.ts'],
  // The export engine is off: this measures the API alone (bench/export.ts measures it beside a running export).
  { PORT: String(port), DATABASE_PATH: dbPath, RATE_LIMIT_PER_MINUTE: '0', ENGINE: '0' },
  /Ready on/,
)
try {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' }
  const rec = `/api/projects/${project_id}/session_recordings/`
  const mix = apiMix(project_id, organization_id, [
    { method: 'GET', path: `/api/organizations/${organization_id}/batch_exports/?limit=10` },
    { method: 'PATCH', path: `${rec}${recording}/`, body: JSON.stringify({ viewed: true }) },
  ])
  const paced = await pacedModes(
    port,
    mix,
    { clients: CLIENTS, rate: RATE, seconds: SECONDS },
    { compressed: { ...headers, ...BROWSER }, uncompressed: headers },
  )
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
