// Load: 100 concurrent clients for 20 s of mixed reads and writes on loopback, rate limit off. Prints JSON.
import autocannon from 'autocannon'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../server/db/database'
import { seedScale } from '../server/seed/scale'
import { startProcess } from './lib'

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20)
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
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 100,
    duration: SECONDS,
    headers,
    requests: [
      { method: 'GET', path: `${rec}?limit=100` },
      { method: 'GET', path: `${rec}?limit=100&offset=5000&order=duration` },
      { method: 'GET', path: `/api/organizations/${organization_id}/` },
      { method: 'GET', path: `/api/organizations/${organization_id}/batch_exports/?limit=10` },
      { method: 'PATCH', path: `${rec}${recording}/`, body: JSON.stringify({ viewed: true }) },
      { method: 'POST', path: '/api/organizations/', body: JSON.stringify({ name: 'Load test org' }) },
    ],
  })
  console.log(
    JSON.stringify(
      {
        connections: 100,
        seconds: SECONDS,
        requests: result.requests.total,
        rps: Math.round(result.requests.average),
        errors: result.errors + result.timeouts,
        non_2xx: result.non2xx,
        latency_ms: { p50: result.latency.p50, p99: { value: result.latency.p99, target: '<= 50' } },
      },
      null,
      2,
    ),
  )
  if (result.errors + result.timeouts + result.non2xx > 0) process.exitCode = 1
} finally {
  server.kill()
  rmSync(dir, { recursive: true, force: true })
}
