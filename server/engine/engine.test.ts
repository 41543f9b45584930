import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { listRuns } from '../db/batch-export-runs'
import { queryLogs } from '../db/batch-export-logs'
import { setPaused } from '../db/batch-exports'
import { engineFixture, type EngineFixture } from '../test/engine-fixture'
import { startHttpReceiver, type HttpReceiver } from '../test/http-receiver'
import { cancelRun, createBackfill, unpauseExport } from '../routes/batch-export-actions'
import { exportRowById } from '../db/batch-exports'
import { runRowById } from '../db/batch-export-runs'

let f: EngineFixture
let receiver: HttpReceiver
beforeEach(async () => {
  f = engineFixture('2026-03-02T10:30:00Z')
  receiver = await startHttpReceiver()
})
afterEach(async () => {
  f.close()
  await receiver.close()
})

const runsOf = (exportId: string) => listRuns(f.db, exportId, { ordering: 'data_interval_start' }, 1000, 0).results
const logsOf = (exportId: string) =>
  queryLogs(f.db, exportId, {}, 500, 0)
    .rows.map((l) => `${l.level} ${l.message}`)
    .reverse()
const noop = { destination_type: 'NoOp' as const, destination_config: {} }
const http = () => ({ destination_type: 'HTTP' as const, destination_config: { url: receiver.url, token: 'phc_test' } })

describe('the engine', () => {
  it('runs each window once it closes, with its count of events, and logs start and finish', async () => {
    f.addEvents(40, '2026-03-02T10:00:00Z', '2026-03-02T11:00:00Z')
    f.addEvents(25, '2026-03-02T11:00:00Z', '2026-03-02T12:00:00Z')
    const id = f.createExport(noop)
    const engine = f.engine()
    await engine.drain()
    expect(runsOf(id)).toEqual([])

    f.clock.set('2026-03-02T12:00:05Z')
    await engine.drain()
    const runs = runsOf(id)
    expect(
      runs.map((r) => [
        r.data_interval_start,
        r.data_interval_end,
        r.status,
        r.records_completed,
        r.records_total_count,
      ]),
    ).toEqual([
      ['2026-03-02T10:00:00.000Z', '2026-03-02T11:00:00.000Z', 'Completed', 40, 40],
      ['2026-03-02T11:00:00.000Z', '2026-03-02T12:00:00.000Z', 'Completed', 25, 25],
    ])
    expect(runs.every((r) => r.finished_at === '2026-03-02T12:00:05.000Z')).toBe(true)
    expect(logsOf(id)).toEqual([
      'INFO Batch export run started: events from 2026-03-02T10:00:00.000Z to 2026-03-02T11:00:00.000Z to NoOp (40 records)',
      'INFO Batch export run finished: exported 40 records (0 bytes) to nowhere (NoOp)',
      'INFO Batch export run started: events from 2026-03-02T11:00:00.000Z to 2026-03-02T12:00:00.000Z to NoOp (25 records)',
      'INFO Batch export run finished: exported 25 records (0 bytes) to nowhere (NoOp)',
    ])
    // The same windows are never queued twice.
    await engine.drain()
    expect(runsOf(id)).toHaveLength(2)
  })

  it('creates no runs for a paused export; resuming skips the missed windows unless asked to backfill them', async () => {
    f.addEvents(30, '2026-03-02T10:00:00Z', '2026-03-02T16:00:00Z')
    const skipped = f.createExport(noop)
    const backfilled = f.createExport(noop)
    setPaused(f.db, skipped, true, '2026-03-02T10:40:00.000Z')
    setPaused(f.db, backfilled, true, '2026-03-02T10:40:00.000Z')
    const engine = f.engine()
    f.clock.set('2026-03-02T15:10:00Z')
    await engine.drain()
    expect(runsOf(skipped)).toEqual([])

    unpauseExport(f.db, exportRowById(f.db, skipped)!, false, f.clock.now())
    unpauseExport(f.db, exportRowById(f.db, backfilled)!, true, f.clock.now())
    await engine.drain()
    expect(runsOf(skipped)).toEqual([])
    const missed = runsOf(backfilled)
    expect(missed.map((r) => [r.data_interval_end, r.status, r.records_completed])).toEqual([
      ['2026-03-02T11:00:00.000Z', 'Completed', 5],
      ['2026-03-02T12:00:00.000Z', 'Completed', 5],
      ['2026-03-02T13:00:00.000Z', 'Completed', 5],
      ['2026-03-02T14:00:00.000Z', 'Completed', 5],
      ['2026-03-02T15:00:00.000Z', 'Completed', 5],
    ])
    expect(missed.every((r) => r.backfill !== null)).toBe(true)
    expect(logsOf(backfilled)[0]).toBe('INFO Export resumed; backfilling 5 windows missed while paused.')
    // From here on the schedule runs again: the next window closes at 16:00.
    f.clock.set('2026-03-02T16:00:01Z')
    await engine.drain()
    expect(runsOf(skipped).map((r) => [r.data_interval_end, r.records_completed])).toEqual([
      ['2026-03-02T16:00:00.000Z', 5],
    ])
  })

  it('never runs a window closing before the export was created or outside start_at and end_at', async () => {
    const id = f.createExport(
      { ...noop, start_at: '2026-03-02T13:00:00Z', end_at: '2026-03-02T15:00:00Z' },
      Date.parse('2026-03-02T10:30:00Z'),
    )
    const engine = f.engine()
    f.clock.set('2026-03-02T18:00:00Z')
    await engine.drain()
    expect(runsOf(id).map((r) => r.data_interval_end)).toEqual([
      '2026-03-02T13:00:00.000Z',
      '2026-03-02T14:00:00.000Z',
      '2026-03-02T15:00:00.000Z',
    ])
  })

  it('exports a backfill oldest window first, one run per window, and a repeated request reuses it', async () => {
    f.addEvents(60, '2026-03-01T00:00:00Z', '2026-03-01T06:00:00Z')
    const id = f.createExport({ ...http(), paused: true })
    const windows = Array.from({ length: 6 }, (_, i) => ({
      start: new Date(Date.parse('2026-03-01T00:00:00Z') + i * 3_600_000).toISOString(),
      end: new Date(Date.parse('2026-03-01T01:00:00Z') + i * 3_600_000).toISOString(),
    }))
    const range = { start_at: '2026-03-01T00:00:00Z', end_at: '2026-03-01T06:00:00Z' }
    const first = createBackfill(f.db, id, range, windows)
    expect(createBackfill(f.db, id, range, windows)).toBe(first)
    await f.engine().drain()
    const runs = runsOf(id)
    expect(runs).toHaveLength(6)
    expect(runs.every((r) => r.status === 'Completed' && r.records_completed === 10 && r.backfill === first)).toBe(true)
    const sent = receiver.events().map((e) => e.timestamp as string)
    expect(sent).toEqual([...sent].sort())
    expect(sent).toHaveLength(60)
    // Once it finished, the same range is a new backfill.
    expect(createBackfill(f.db, id, range, windows)).not.toBe(first)
  })

  it('retries a retryable failure with backoff, then fails with the destination’s error and an ERROR log', async () => {
    f.addEvents(5, '2026-03-02T09:00:00Z', '2026-03-02T10:00:00Z')
    receiver.answer(() => ({ status: 503 }))
    const id = f.createExport({ ...http(), paused: true })
    createBackfill(f.db, id, { start_at: '2026-03-02T09:00:00Z', end_at: '2026-03-02T10:00:00Z' }, [
      { start: '2026-03-02T09:00:00.000Z', end: '2026-03-02T10:00:00.000Z' },
    ])
    const engine = f.engine()
    await engine.drain()
    let [run] = runsOf(id)
    expect(run).toMatchObject({
      status: 'FailedRetryable',
      latest_error: 'RetryableResponseError status: 503',
      finished_at: null,
    })
    await engine.drain()
    expect(runsOf(id)[0]!.status).toBe('FailedRetryable') // not due yet
    f.clock.advance(30_000)
    await engine.drain()
    expect(runRowById(f.db, run!.id)).toMatchObject({ status: 'FailedRetryable', attempts: 2 })
    f.clock.advance(120_000)
    await engine.drain()
    ;[run] = runsOf(id)
    expect(run).toMatchObject({ status: 'Failed', latest_error: 'RetryableResponseError status: 503' })
    expect(logsOf(id).filter((l) => !l.startsWith('INFO'))).toEqual([
      'WARNING RetryableResponseError status: 503 — retrying at 2026-03-02T10:30:30.000Z (attempt 2 of 3).',
      'WARNING RetryableResponseError status: 503 — retrying at 2026-03-02T10:32:30.000Z (attempt 3 of 3).',
      'ERROR RetryableResponseError status: 503 — giving up after 3 attempts.',
    ])
  })

  it('fails at once on an error a retry cannot fix', async () => {
    f.addEvents(5, '2026-03-02T09:00:00Z', '2026-03-02T10:00:00Z')
    receiver.answer(() => ({ status: 401, body: '{"detail": "Invalid token"}' }))
    const id = f.createExport({ ...http(), paused: true })
    createBackfill(f.db, id, { start_at: '2026-03-02T09:00:00Z', end_at: '2026-03-02T10:00:00Z' }, [
      { start: '2026-03-02T09:00:00.000Z', end: '2026-03-02T10:00:00.000Z' },
    ])
    await f.engine().drain()
    expect(runsOf(id)[0]).toMatchObject({
      status: 'Failed',
      latest_error: 'NonRetryableResponseError (status: 401): {"detail": "Invalid token"}',
    })
    expect(logsOf(id).at(-1)).toMatch(
      /^ERROR NonRetryableResponseError \(status: 401\).*fix the destination, then retry the run\.$/,
    )
  })

  it('fails at once, saying which field, when a stored config does not read as its destination’s', async () => {
    f.addEvents(5, '2026-03-02T09:00:00Z', '2026-03-02T10:00:00Z')
    // Only a database edited by hand holds such a config: the API checks every config it saves.
    const id = f.createExport({ destination_type: 'HTTP', destination_config: { url: 42 }, paused: true })
    createBackfill(f.db, id, { start_at: '2026-03-02T09:00:00Z', end_at: '2026-03-02T10:00:00Z' }, [
      { start: '2026-03-02T09:00:00.000Z', end: '2026-03-02T10:00:00.000Z' },
    ])
    await f.engine().drain()
    expect(runsOf(id)[0]).toMatchObject({
      status: 'Failed',
      latest_error: expect.stringMatching(/^The stored HTTP config cannot be used \(url: .*expected string.*\)\./),
    })
    expect(receiver.received).toEqual([])
  })

  it('cancels a running run (its request is aborted) and a queued one', async () => {
    f.addEvents(10, '2026-03-02T08:00:00Z', '2026-03-02T10:00:00Z')
    receiver.answer(() => ({ status: 200, delayMs: 30_000 }))
    const id = f.createExport({ ...http(), paused: true })
    createBackfill(f.db, id, { start_at: '2026-03-02T08:00:00Z', end_at: '2026-03-02T10:00:00Z' }, [
      { start: '2026-03-02T08:00:00.000Z', end: '2026-03-02T09:00:00.000Z' },
      { start: '2026-03-02T09:00:00.000Z', end: '2026-03-02T10:00:00.000Z' },
    ])
    const [running, queued] = runsOf(id)
    const draining = f.engine().drain()
    await expect.poll(() => runRowById(f.db, running!.id)!.status).toBe('Running')
    cancelRun(f.db, runRowById(f.db, queued!.id)!)
    expect(runRowById(f.db, queued!.id)!.status).toBe('Cancelled')
    cancelRun(f.db, runRowById(f.db, running!.id)!)
    await draining
    expect(runsOf(id).map((r) => r.status)).toEqual(['Cancelled', 'Cancelled'])
    // Whatever of the first window had left, nothing of the second was ever sent.
    expect(receiver.events().filter((e) => (e.timestamp as string) >= '2026-03-02T09:00')).toEqual([])
    expect(() => cancelRun(f.db, runRowById(f.db, running!.id)!)).toThrow(
      "Cannot cancel a run that is in 'Cancelled' status",
    )
  })

  it('takes over a run a stopped process left Running: it is retried, with a warning in the logs', async () => {
    f.addEvents(12, '2026-03-02T09:00:00Z', '2026-03-02T10:00:00Z')
    const id = f.createExport({ ...noop, paused: true })
    createBackfill(f.db, id, { start_at: '2026-03-02T09:00:00Z', end_at: '2026-03-02T10:00:00Z' }, [
      { start: '2026-03-02T09:00:00.000Z', end: '2026-03-02T10:00:00.000Z' },
    ])
    const [run] = runsOf(id)
    // What a killed process leaves behind: the run claimed and half done.
    f.db
      .prepare(
        "UPDATE batch_export_runs SET status = 'Running', attempts = 1, records_completed = 4, records_total_count = 12 WHERE id = ?",
      )
      .run(run!.id)
    const engine = f.engine()
    expect(engine.recover()).toBe(1)
    expect(runRowById(f.db, run!.id)).toMatchObject({ status: 'FailedRetryable' })
    await engine.drain()
    expect(runRowById(f.db, run!.id)).toMatchObject({ status: 'Completed', records_completed: 12, attempts: 2 })
    expect(logsOf(id)[0]).toBe(
      'WARNING The server stopped while this run was exporting after 4 of 12 records. Nothing it wrote was kept as complete. It will be retried now (attempt 2 of 3).',
    )
  })
})
