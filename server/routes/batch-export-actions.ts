import type { z } from 'zod'
import { missedWindows } from '../../src/contracts/batch-export-schedule'
import type { batchExportPatch } from '../../src/contracts/batch-exports'
import type { Organization } from '../../src/contracts/organizations'
import { activeBackfillId, requestCancel } from '../db/batch-export-runs'
import {
  insertBackfill,
  setPaused,
  setScheduledThrough,
  updateBatchExport,
  type ExportRow,
  type RunRow,
} from '../db/batch-exports'
import { nowIso, writeTransaction, type Db } from '../db/database'
import { insertLog } from '../db/batch-export-logs'
import { workQueued } from '../engine/signal'
import { scheduleOf } from '../engine/scheduler'
import { invalid } from '../http/errors'
import { valuesForUpdate } from './batch-export-values'

/**
 * What the batch-export endpoints ask of the engine, as database writes the engine picks up:
 * edits (a resume skips the windows missed while paused), backfills, cancels and retries.
 */

/** PATCH/PUT: applies the update; resuming a paused export schedules from now on, as PostHog's unpause does. */
export function updateExport(
  db: Db,
  org: Organization,
  row: ExportRow,
  body: z.output<typeof batchExportPatch>,
  partial: boolean,
) {
  const values = valuesForUpdate(org, row, body, partial)
  writeTransaction(db, () => {
    updateBatchExport(db, row.id, values)
    if (row.paused && !values.paused) setScheduledThrough(db, row.id, nowIso())
  })
}

const newRun = (w: { start: string; end: string }, now: string) => ({
  status: 'Starting' as const,
  records_completed: null,
  records_failed: null,
  records_total_count: null,
  bytes_exported: null,
  latest_error: null,
  data_interval_start: w.start,
  data_interval_end: w.end,
  cursor: null,
  created_at: now,
  finished_at: null,
  last_updated_at: now,
})

/**
 * One run per window, exported oldest first. The same range asked again while its runs are still
 * under way (a double click) returns the backfill already queued instead of queueing it twice.
 */
export function createBackfill(
  db: Db,
  exportId: string,
  range: { start_at: string; end_at: string },
  windows: { start: string; end: string }[],
): string {
  const startAt = new Date(range.start_at).toISOString()
  const endAt = new Date(range.end_at).toISOString()
  const id = writeTransaction(db, () => {
    const existing = activeBackfillId(db, exportId, startAt, endAt)
    if (existing) return existing
    const now = nowIso()
    return insertBackfill(
      db,
      exportId,
      { start_at: startAt, end_at: endAt },
      windows.map((w) => newRun(w, now)),
      now,
    ).id
  })
  workQueued()
  return id
}

/** POST …/unpause/: schedules from now; with `backfill`, also exports each window that closed while paused. */
export function unpauseExport(db: Db, row: ExportRow, backfill: boolean, now = Date.now()) {
  const pausedAt = row.last_paused_at ? Date.parse(row.last_paused_at) : now
  let missed = 0
  writeTransaction(db, () => {
    setPaused(db, row.id, false, nowIso())
    setScheduledThrough(db, row.id, new Date(now).toISOString())
    if (backfill && row.paused) {
      const windows = missedWindows(
        { ...scheduleOf(row), start_at: row.start_at, end_at: row.end_at },
        pausedAt,
        now,
        1000,
      )
      missed = windows.length
      if (windows.length) {
        const iso = (ms: number) => new Date(ms).toISOString()
        createBackfill(
          db,
          row.id,
          { start_at: iso(windows[0]!.start), end_at: iso(windows.at(-1)!.end) },
          windows.map((w) => ({ start: iso(w.start), end: iso(w.end) })),
        )
      }
    }
    insertLog(db, row.id, {
      instance_id: '',
      timestamp: new Date(now).toISOString(),
      level: 'INFO',
      message: backfill
        ? `Export resumed; backfilling ${missed} window${missed === 1 ? '' : 's'} missed while paused.`
        : 'Export resumed; windows missed while paused are skipped.',
    })
  })
  workQueued()
}

/** POST …/pause/: stamps last_paused_at; queued runs stay (cancel them to stop them). */
export function pauseExport(db: Db, row: ExportRow) {
  setPaused(db, row.id, true, nowIso())
}

/** POST …/runs/:run_id/cancel/: PostHog cancels only runs that are Starting or Running (and ours that wait for a retry). */
export function cancelRun(db: Db, run: RunRow) {
  const outcome = requestCancel(db, run.id, nowIso())
  if (outcome === 'not-cancellable') throw invalid(`Cannot cancel a run that is in '${run.status}' status`)
  if (outcome === 'cancelled')
    insertLog(db, run.batch_export_id, {
      instance_id: run.id,
      timestamp: nowIso(),
      level: 'WARNING',
      message: 'Batch export run cancelled by a user before it started exporting.',
    })
}

/** POST …/runs/:run_id/retry/: as PostHog, a backfill of that run's window (a new run). */
export function retryRun(db: Db, run: RunRow) {
  const start = run.data_interval_start ?? run.data_interval_end
  return createBackfill(db, run.batch_export_id, { start_at: start, end_at: run.data_interval_end }, [
    { start, end: run.data_interval_end },
  ])
}
