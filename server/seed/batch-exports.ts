import { windowClosingAt, windowEndsBetween, type Schedule } from '../../src/contracts/batch-export-schedule'
import { INTERVAL_MS, type BatchExportInterval, type RunStatus } from '../../src/contracts/batch-exports'
import {
  insertBackfill,
  insertBatchExport,
  insertRun,
  setScheduledThrough,
  type BatchExportValues,
} from '../db/batch-exports'
import { insertLog } from '../db/batch-export-logs'
import { writeTransaction, type Db } from '../db/database'
import { countWindow } from '../db/export-records'
import type { Random } from './random'

/**
 * Run histories as the engine writes them: one run per closed window, finished (Completed, Failed
 * after its retries, Cancelled), never a run after the export was paused, never one left Running,
 * with the engine's log lines, and counts read from the events actually in each window.
 */

const at = (ms: number) => new Date(ms).toISOString()

export function seedExport(db: Db, orgId: string, values: BatchExportValues, createdAt?: string) {
  return insertBatchExport(db, orgId, values, createdAt)
}

type Log = { at: number; level: 'INFO' | 'WARNING' | 'ERROR'; message: string }

interface SeededRun {
  status: RunStatus
  records: number
  total: number
  bytes: number | null
  error: string | null
  window: { start: number; end: number }
  created: number
  finished: number
  logs: Log[]
  backfill?: boolean
}

function writeRun(db: Db, exportId: string, run: SeededRun) {
  const values = {
    status: run.status,
    records_completed: run.records,
    records_failed: run.status === 'Completed' ? 0 : null,
    records_total_count: run.total,
    bytes_exported: run.bytes,
    latest_error: run.error,
    data_interval_start: at(run.window.start),
    data_interval_end: at(run.window.end),
    cursor: null,
    created_at: at(run.created),
    finished_at: at(run.finished),
    last_updated_at: at(run.finished),
  }
  const range = { start_at: values.data_interval_start, end_at: values.data_interval_end }
  const id = run.backfill
    ? insertBackfill(db, exportId, range, [values], at(run.created)).runIds[0]!
    : insertRun(db, exportId, { ...values, origin: 'schedule' })
  for (const log of run.logs)
    insertLog(db, exportId, { instance_id: id, timestamp: at(log.at), level: log.level, message: log.message })
}

export interface HistoryOptions {
  exportId: string
  teamId: number
  model: 'events' | 'persons' | 'sessions'
  destination: string
  schedule: Schedule
  /** Windows closing in `(from, until]` get a run. */
  from: number
  until: number
  /** Bytes written per record (0 for NoOp). */
  bytesPerRecord: number
  /** Window ends (ms) whose run failed with this error; a retry run (a backfill) follows an hour later when `retried`. */
  failures?: { end: number; error: string; retryable: boolean; retried: boolean }[]
}

/** A history of scheduled runs over `(from, until]`, as the engine would have left it. */
export function seedHistory(db: Db, rnd: Random, o: HistoryOptions) {
  const ends = windowEndsBetween(o.schedule, o.from, o.until)
  writeTransaction(db, () => {
    for (const end of ends) {
      const window = windowClosingAt(o.schedule, end)
      const total = countWindow(db, o.model, { teamId: o.teamId, ...window })
      const created = end + rnd.int(1, 20) * 1000
      const started: Log = {
        at: created + 200,
        level: 'INFO',
        message: `Batch export run started: ${o.model} from ${at(window.start)} to ${at(window.end)} to ${o.destination} (${total} records)`,
      }
      const failure = o.failures?.find((f) => f.end === end)
      if (failure) {
        const attempts = failure.retryable ? 3 : 1
        const logs: Log[] = [started]
        let t = created + 1500
        for (let a = 1; a < attempts; a++) {
          logs.push({
            at: t,
            level: 'WARNING',
            message: `${failure.error} — retrying at ${at(t + 30_000 * 4 ** (a - 1))} (attempt ${a + 1} of 3).`,
          })
          t += 30_000 * 4 ** (a - 1) + 1500
        }
        logs.push({
          at: t,
          level: 'ERROR',
          message: failure.retryable
            ? `${failure.error} — giving up after ${attempts} attempts.`
            : `${failure.error} — this will not pass on a retry; fix the destination, then retry the run.`,
        })
        writeRun(db, o.exportId, {
          status: 'Failed',
          records: 0,
          total,
          bytes: null,
          error: failure.error,
          window,
          created,
          finished: t,
          logs,
        })
        if (failure.retried && end + 3_600_000 < o.until) {
          const retryAt = end + 3_600_000 + rnd.int(60, 600) * 1000
          const done = retryAt + rnd.int(2, 40) * 1000
          writeRun(db, o.exportId, {
            status: 'Completed',
            records: total,
            total,
            bytes: total * o.bytesPerRecord,
            error: null,
            window,
            created: retryAt,
            finished: done,
            backfill: true,
            logs: [
              { ...started, at: retryAt + 200 },
              {
                at: done,
                level: 'INFO',
                message: `Batch export run finished: exported ${total} records (${total * o.bytesPerRecord} bytes) to ${o.destination}`,
              },
            ],
          })
        }
        continue
      }
      const finished = created + rnd.int(1, 30) * 1000
      writeRun(db, o.exportId, {
        status: 'Completed',
        records: total,
        total,
        bytes: total * o.bytesPerRecord,
        error: null,
        window,
        created,
        finished,
        logs: [
          started,
          {
            at: finished,
            level: 'INFO',
            message: `Batch export run finished: exported ${total} records (${total * o.bytesPerRecord} bytes) to ${o.destination}`,
          },
        ],
      })
    }
    if (ends.length) setScheduledThrough(db, o.exportId, at(ends.at(-1)!))
  })
}

const FINISHED: RunStatus[] = [
  'Completed',
  'Completed',
  'Completed',
  'Completed',
  'Completed',
  'Completed',
  'Failed',
  'Cancelled',
]

/**
 * Bulk history for benchmarks (no events behind it): `count` finished runs back from now, mostly
 * Completed, each with its start and finish log lines.
 */
export function seedRuns(
  db: Db,
  exportId: string,
  interval: BatchExportInterval,
  rnd: Random,
  count: number,
  now = Date.now(),
) {
  const step = INTERVAL_MS[interval]
  const end0 = Math.floor(now / step) * step
  writeTransaction(db, () => {
    for (let i = 0; i < count; i++) {
      const end = end0 - i * step
      const status = rnd.pick(FINISHED)
      const total = rnd.int(2_000, 250_000)
      const created = end + 30_000
      const finished = created + rnd.int(20, 900) * 1000
      writeRun(db, exportId, {
        status,
        records: status === 'Completed' ? total : rnd.int(0, total),
        total,
        bytes: status === 'Completed' ? total * rnd.int(180, 420) : null,
        error: status === 'Failed' ? 'NoSuchBucket: The specified bucket does not exist' : null,
        window: { start: end - step, end },
        created,
        finished,
        logs: [
          {
            at: created + 1000,
            level: 'INFO',
            message: `Batch export run started: events from ${at(end - step)} to ${at(end)} to S3 (${total} records)`,
          },
          status === 'Completed'
            ? { at: finished, level: 'INFO', message: `Batch export run finished: exported ${total} records to S3` }
            : status === 'Failed'
              ? {
                  at: finished,
                  level: 'ERROR',
                  message:
                    'NoSuchBucket: The specified bucket does not exist — this will not pass on a retry; fix the destination, then retry the run.',
                }
              : { at: finished, level: 'WARNING', message: 'Batch export run cancelled by a user before it finished.' },
        ],
      })
    }
    setScheduledThrough(db, exportId, at(end0))
  })
}
