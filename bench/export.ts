// Export: the API's paced p99 while the engine exports one large window (BENCH_EXPORT_EVENTS events,
// default 300 000, ~1 KB each) to a real S3-compatible server (s3rver) as gzip JSONLines, against the
// same load with the engine idle. The target is the paced load target: p99 <= 50 ms. Prints JSON.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { newId } from '../server/auth/keys'
import { insertBatchExport } from '../server/db/batch-exports'
import { openDatabase, writeTransaction } from '../server/db/database'
import { insertEvents } from '../server/db/events'
import { seedScale } from '../server/seed/scale'
import { startTsProcess } from '../server/test/process'
import { pacedClients, startProcess, apiMix } from './lib'

const EVENTS = Number(process.env.BENCH_EXPORT_EVENTS ?? 300_000)
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20)
const CLIENTS = 100
const RATE = 2
const WINDOW = { start_at: '2026-03-01T00:00:00Z', end_at: '2026-03-01T01:00:00Z' }

const dir = mkdtempSync(join(tmpdir(), 'aa-export-'))
const dbPath = join(dir, 'export.sqlite')
const s3Process = await startTsProcess(['bench/s3-server.ts', 'bench'], {}, /Ready http/)
const s3 = { endpoint: /Ready (http\S+)/.exec(s3Process.output())![1]! }
const { db } = openDatabase(dbPath)
// The scale exports are paused: only the export measured here runs.
const { key, project_id, organization_id } = seedScale(db, {
  recordings: 20_000,
  exports: 10,
  runsPerExport: 20,
  exportsPaused: true,
})
const start = Date.parse(WINDOW.start_at)
const seeding = performance.now()
writeTransaction(db, () => {
  for (let i = 0; i < EVENTS; i += 5000) {
    const n = Math.min(5000, EVENTS - i)
    insertEvents(
      db,
      project_id,
      Array.from({ length: n }, (_, j) => {
        const t = start + Math.floor(((i + j) * 3_600_000) / EVENTS)
        return {
          uuid: newId(),
          event: j % 3 ? '$pageview' : '$autocapture',
          distinct_id: `user-${(i + j) % 5000}`,
          properties: {
            $current_url: `https://app.example.com/p/${j % 50}`,
            $session_id: `s${(i + j) >> 4}`,
            pad: 'x'.repeat(800),
          },
          timestamp: t,
          inserted_at: t,
        }
      }),
    )
  }
})
const seedSeconds = (performance.now() - seeding) / 1000
const exportId = insertBatchExport(db, organization_id, {
  team_id: project_id,
  name: 'Bench export',
  model: 'events',
  destination_type: 'S3',
  destination_config: {
    bucket_name: 'bench',
    region: 'us-east-1',
    prefix: 'bench/',
    endpoint_url: s3.endpoint,
    file_format: 'JSONLines',
    compression: 'gzip',
    aws_access_key_id: 'S3RVER',
    aws_secret_access_key: 'S3RVER',
  },
  interval: 'hour',
  paused: true,
  last_paused_at: null,
  start_at: null,
  end_at: null,
  hogql_query: null,
  filters: null,
  timezone: 'UTC',
  interval_offset: null,
})
db.close()

const port = 18_433
const server = await startProcess(
  ['server/main.ts'],
  { PORT: String(port), DATABASE_PATH: dbPath, RATE_LIMIT_PER_MINUTE: '0', ENGINE_POLL_MS: '200' },
  /Ready on/,
)
try {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' }
  const exports = `/api/organizations/${organization_id}/batch_exports/`
  const mix = apiMix(project_id, organization_id, [
    { method: 'GET', path: `${exports}${exportId}/` },
    { method: 'GET', path: `${exports}${exportId}/runs/?limit=20` },
  ])
  const load = { clients: CLIENTS, rate: RATE, seconds: SECONDS }
  const idle = await pacedClients(port, headers, mix, load)

  const run = async () => {
    const res = await fetch(`http://127.0.0.1:${port}${exports}${exportId}/runs/?limit=1`, { headers })
    return (
      (await res.json()) as {
        results: {
          status: string
          records_completed: number | null
          created_at: string
          finished_at: string | null
          bytes_exported: number | null
        }[]
      }
    ).results[0]
  }
  const backfill = await fetch(`http://127.0.0.1:${port}${exports}${exportId}/backfill/`, {
    method: 'POST',
    headers,
    body: JSON.stringify(WINDOW),
  })
  if (backfill.status !== 200) throw new Error(`backfill answered ${backfill.status}`)
  const exportStarted = performance.now()
  const busy = await pacedClients(port, headers, mix, load)
  let last = await run()
  while (last && !['Completed', 'Failed'].includes(last.status)) {
    await new Promise((resolve) => setTimeout(resolve, 200))
    last = await run()
  }
  const exportSeconds = (performance.now() - exportStarted) / 1000
  const overlapped = Math.min(1, SECONDS / exportSeconds)
  console.log(
    JSON.stringify(
      {
        events: EVENTS,
        seed_seconds: +seedSeconds.toFixed(1),
        export: {
          status: last?.status,
          records: last?.records_completed,
          bytes: last?.bytes_exported,
          seconds: +exportSeconds.toFixed(1),
          records_per_second: Math.round((last?.records_completed ?? 0) / exportSeconds),
          share_of_export_under_load: +overlapped.toFixed(2),
        },
        load: `${CLIENTS} clients x ${RATE} req/s for ${SECONDS} s; mix: recordings (2), organization, export detail, runs list, POST organization`,
        engine_idle: { ...idle, latency_ms: idle.latency_ms },
        while_exporting: {
          ...busy,
          latency_ms: { ...busy.latency_ms, p99: { value: busy.latency_ms.p99, target: '<= 50' } },
        },
      },
      null,
      2,
    ),
  )
  if (last?.status !== 'Completed' || busy.errors + busy.non_2xx > 0) process.exitCode = 1
} finally {
  server.kill()
  s3Process.child.kill('SIGTERM')
  rmSync(dir, { recursive: true, force: true })
}
