// Capture: the API's paced p99 while posthog-js-shaped recording traffic pours in, against the same load
// with capture idle. Each burst is 100 sessions at once, each sending its snapshots as posthog-js does:
// gzip-js `/s/` batches (a full snapshot of a ~1 500-node page, then incremental batches of clicks, moves,
// inputs, scrolls, mutations and console lines) plus an events batch. Bursts follow each other for the
// whole measured window. The target is the paced load target: p99 <= 50 ms. Prints JSON.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../server/db/database'
import { projectTokens } from '../server/db/teams'
import { countRecordings } from '../server/db/recordings'
import { countSnapshotChunks } from '../server/db/snapshots'
import { seedScale } from '../server/seed/scale'
import {
  encodeCapture,
  eventsBody,
  fullSnapshot,
  sdkEvent,
  snapshotEvent,
  type WireRequest,
} from '../server/test/capture-client'
import { pacedClients, percentile, startProcess, apiMix } from './lib'

const SESSIONS = 100
const SEEDED_RECORDINGS = 20_000
const BATCHES = Number(process.env.BENCH_CAPTURE_BATCHES ?? 6) // `/s/` requests per session and burst
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20)
const BURSTS = Number(process.env.BENCH_CAPTURE_BURSTS ?? 12)
const CLIENTS = 100
const RATE = 2

const dir = mkdtempSync(join(tmpdir(), 'aa-capture-'))
const dbPath = join(dir, 'capture.sqlite')
const { db } = openDatabase(dbPath)
const { key, project_id, organization_id } = seedScale(db, {
  recordings: SEEDED_RECORDINGS,
  exports: 10,
  runsPerExport: 20,
})
const token = projectTokens(db, organization_id).find((p) => p.id === project_id)!.api_token
db.close()

/** A page of `n` nodes as rrweb serializes it (what a full snapshot carries). */
function page(n: number) {
  let id = 10
  const item = (i: number) => ({
    type: 2,
    id: id++,
    tagName: i % 5 ? 'div' : 'button',
    attributes: { class: `row row-${i % 7}`, 'data-i': String(i) },
    childNodes: [{ type: 3, id: id++, textContent: `Row ${i}: some product text, a price of ${i % 90} EUR` }],
  })
  return fullSnapshot(Array.from({ length: n / 2 }, (_, i) => item(i)))
}

/** One session's requests for a burst: a full snapshot first, then incremental batches, then its events. */
function sessionRequests(start: number): WireRequest[] {
  const sessionId = randomUUID()
  const distinctId = `bench-${sessionId.slice(0, 8)}`
  let t = start
  const batch = (i: number) => {
    const events: unknown[] = []
    if (i === 0) {
      events.push({ type: 4, timestamp: t, data: { href: 'https://shop.example/catalog', width: 1280, height: 800 } })
      events.push({ type: 2, timestamp: t, data: page(1500) })
    }
    for (let k = 0; k < 120; k++) {
      t += 40
      const kind = k % 12
      const data =
        kind < 6
          ? { source: 1, positions: [{ x: k, y: 2 * k, id: 12, timeOffset: -10 }] }
          : kind === 6
            ? { source: 2, type: 2, id: 10 + k, x: k, y: k }
            : kind === 7
              ? { source: 5, text: 'coupon'.slice(0, (k % 6) + 1), isChecked: false, id: 14 }
              : kind === 8
                ? { source: 3, id: 1, x: 0, y: k * 10 }
                : { source: 0, texts: [{ id: 11, value: `Row ${k} updated` }], attributes: [], removes: [], adds: [] }
      events.push({ type: 3, timestamp: t, data })
    }
    events.push({
      type: 6,
      timestamp: t,
      data: { plugin: 'rrweb/console@1', payload: { level: i === 2 ? 'error' : 'log', payload: ['"bench"'] } },
    })
    return encodeCapture('/s/', [snapshotEvent({ token, distinctId, sessionId, events })], 'gzip-js')
  }
  const requests = Array.from({ length: BATCHES }, (_, i) => batch(i))
  const events = Array.from({ length: 10 }, (_, i) =>
    sdkEvent(i ? '$autocapture' : '$pageview', {
      token,
      distinctId,
      sessionId,
      properties: { $current_url: 'https://shop.example/catalog' },
    }),
  )
  requests.push(encodeCapture('/i/v0/e/', eventsBody(token, events), 'gzip-js'))
  return requests
}

const port = 18_455
const server = await startProcess(
  ['server/main.ts'],
  { PORT: String(port), DATABASE_PATH: dbPath, RATE_LIMIT_PER_MINUTE: '0', ENGINE: '0' },
  /Ready on/,
)
const agent = new Agent({ keepAlive: true, maxSockets: SESSIONS })
const send = (r: WireRequest) =>
  new Promise<{ status: number; ms: number }>((resolve, reject) => {
    const started = performance.now()
    const headers = { ...r.headers, 'content-length': Buffer.byteLength(r.body ?? '') }
    const req = request({ host: '127.0.0.1', port, agent, method: r.method, path: r.path, headers }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }))
    })
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')))
    req.on('error', reject)
    req.end(r.body)
  })

try {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' }
  const mix = apiMix(project_id, organization_id, [
    { method: 'GET', path: `/api/organizations/${organization_id}/batch_exports/?limit=10` },
  ])
  const load = { clients: CLIENTS, rate: RATE, seconds: SECONDS }
  const idle = await pacedClients(port, headers, mix, load)

  // Bodies are built and gzipped before the clock starts (BENCH_CAPTURE_BURSTS bursts at most): the bench
  // measures the server, not the client.
  const bursts = Array.from({ length: BURSTS }, () =>
    Array.from({ length: SESSIONS }, () => sessionRequests(Date.now() - 60_000)),
  )
  const captureTimes: number[] = []
  let captureErrors = 0
  let sentBytes = 0
  let burstsDone = 0
  let stop = false
  const pour = async () => {
    for (const burst of bursts) {
      if (stop) return
      await Promise.all(
        burst.map(async (requests) => {
          for (const r of requests) {
            try {
              const { status, ms } = await send(r)
              if (status !== 200) captureErrors++
              captureTimes.push(ms)
              sentBytes += Buffer.byteLength(r.body ?? '')
            } catch {
              captureErrors++
            }
          }
        }),
      )
      burstsDone++
    }
  }
  const started = performance.now()
  const pouring = pour()
  const busy = await pacedClients(port, headers, mix, load)
  const measured = (performance.now() - started) / 1000
  stop = true
  await pouring
  const seconds = (performance.now() - started) / 1000
  captureTimes.sort((a, b) => a - b)

  const check = openDatabase(dbPath).db
  const stored = countRecordings(check, project_id, {}) - SEEDED_RECORDINGS
  const chunks = countSnapshotChunks(check, project_id)
  check.close()

  console.log(
    JSON.stringify(
      {
        capture: {
          bursts: burstsDone,
          // When every prepared burst went out before the API load ended, capture was idle for part of it.
          capture_ran_the_whole_window: burstsDone < BURSTS || seconds > measured + 0.5,
          sessions: burstsDone * SESSIONS,
          requests: captureTimes.length + captureErrors,
          errors: captureErrors,
          requests_per_second: Math.round(captureTimes.length / seconds),
          sent_mb_per_second: +(sentBytes / 1e6 / seconds).toFixed(2),
          latency_ms: {
            p50: +percentile(captureTimes, 50).toFixed(1),
            p99: +percentile(captureTimes, 99).toFixed(1),
          },
          stored: { recordings: stored, snapshot_chunks: chunks },
        },
        load: `${CLIENTS} clients x ${RATE} req/s for ${SECONDS} s; mix: recordings (2), organization, batch exports, POST organization`,
        capture_idle: idle,
        while_capturing: {
          ...busy,
          latency_ms: { ...busy.latency_ms, p99: { value: busy.latency_ms.p99, target: '<= 50' } },
        },
      },
      null,
      2,
    ),
  )
  if (captureErrors > 0 || busy.errors + busy.non_2xx > 0 || stored !== burstsDone * SESSIONS) process.exitCode = 1
} finally {
  agent.destroy()
  server.kill()
  rmSync(dir, { recursive: true, force: true })
}
