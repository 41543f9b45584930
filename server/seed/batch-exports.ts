import { INTERVAL_MS, RUN_STATUSES, type BatchExportInterval, type RunStatus } from '../../src/contracts/batch-exports'
import { insertBatchExport, insertRun, type BatchExportValues } from '../db/batch-exports'
import { insertLog } from '../db/batch-export-logs'
import { writeTransaction, type Db } from '../db/database'
import type { Random } from './random'

const ERRORS: Partial<Record<RunStatus, string[]>> = {
  Failed: ['NoSuchBucket: The specified bucket does not exist', 'AccessDenied: Access Denied (s3:PutObject)'],
  FailedRetryable: ['ConnectionResetError: connection reset by peer', 'SlowDown: Please reduce your request rate.'],
  FailedBilling: ['Batch exports are not included in your current plan.'],
  TimedOut: ['Activity timed out after 3600 seconds'],
  Terminated: ['Workflow terminated by an operator'],
}

const at = (ms: number) => new Date(ms).toISOString()

/** The newest run is Running, the next nine show every other status once, older ones are mostly Completed. */
const OTHER_STATUSES = RUN_STATUSES.filter((s) => s !== 'Running')
function statusFor(i: number, count: number, rnd: Random): RunStatus {
  if (i === 0) return 'Running'
  if (i <= OTHER_STATUSES.length && count > OTHER_STATUSES.length) return OTHER_STATUSES[i - 1]!
  return rnd.next() < 0.8 ? 'Completed' : rnd.pick(RUN_STATUSES)
}

/** Run history for an export: `count` runs back from now, statuses weighted towards Completed, every status present. */
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
      const status = statusFor(i, count, rnd)
      const created = end + 30_000
      const finished = status === 'Running' || status === 'Starting' ? null : created + rnd.int(20, 900) * 1000
      const total = rnd.int(2_000, 250_000)
      const done =
        status === 'Completed' ? total : status === 'Running' ? Math.floor(total * rnd.next()) : rnd.int(0, total)
      const failed = status === 'Completed' ? 0 : status.startsWith('Failed') ? rnd.int(1, 500) : 0
      const error = ERRORS[status] ? rnd.pick(ERRORS[status]!) : null
      const runId = insertRun(db, exportId, {
        status,
        records_completed: done,
        records_failed: failed,
        records_total_count: total,
        bytes_exported: done * rnd.int(180, 420),
        latest_error: error,
        data_interval_start: new Date(end - step).toISOString(),
        data_interval_end: new Date(end).toISOString(),
        cursor: null,
        created_at: new Date(created).toISOString(),
        finished_at: finished ? new Date(finished).toISOString() : null,
        last_updated_at: new Date(finished ?? created).toISOString(),
      })
      insertLog(db, exportId, {
        instance_id: runId,
        timestamp: at(created + 1000),
        level: 'INFO',
        message: `Batch export run started for ${at(end - step)} to ${at(end)}`,
      })
      insertLog(db, exportId, {
        instance_id: runId,
        timestamp: at(created + 2000),
        level: 'DEBUG',
        message: `Querying ${total} records`,
      })
      if (error)
        insertLog(db, exportId, {
          instance_id: runId,
          timestamp: at((finished ?? created) - 1000),
          level: status === 'FailedRetryable' ? 'WARNING' : 'ERROR',
          message: error,
        })
      if (status === 'Completed')
        insertLog(db, exportId, {
          instance_id: runId,
          timestamp: at(finished! - 500),
          level: 'INFO',
          message: `Exported ${done} records`,
        })
    }
  })
}

export function seedExport(db: Db, orgId: string, values: BatchExportValues, createdAt?: string) {
  return insertBatchExport(db, orgId, values, createdAt)
}
