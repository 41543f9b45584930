import type { BatchExportRun, RunStatus } from '../../src/contracts/batch-exports'
import type { RunsQuery } from '../../src/contracts/batch-export-runs'
import { newId } from '../auth/keys'
import { toRun, type RunRow } from './batch-exports'
import { prepareCached, query, statements, type Db } from './database'

/**
 * Run state as the engine moves it. Every change is one write, so a restarted server finds each run
 * where it was: Starting (queued), Running (claimed), FailedRetryable (waiting for `next_attempt_at`),
 * or finished.
 */

const sql = statements({
  one: query<RunRow, [exportId: string, runId: string]>(
    'SELECT * FROM batch_export_runs WHERE batch_export_id = ? AND id = ?',
  ),
  byId: query<RunRow, [runId: string]>('SELECT * FROM batch_export_runs WHERE id = ?'),
  next: query<RunRow, [now: string]>(
    `SELECT * FROM batch_export_runs
      WHERE status = 'Starting' OR (status = 'FailedRetryable' AND next_attempt_at <= ?)
      ORDER BY created_at, data_interval_end, rowid LIMIT 1`,
  ),
  claim: query<never, [now: string, runId: string]>(
    `UPDATE batch_export_runs SET status = 'Running', attempts = attempts + 1, next_attempt_at = NULL,
     latest_error = NULL, last_updated_at = ?
     WHERE id = ? AND (status = 'Starting' OR status = 'FailedRetryable')`,
  ),
  progress: query<never, [records: number, bytes: number, total: number, now: string, runId: string]>(
    `UPDATE batch_export_runs SET records_completed = ?, bytes_exported = ?, records_total_count = ?,
     last_updated_at = ? WHERE id = ? AND status = 'Running'`,
  ),
  finish: query<never, RunOutcome & { id: string; now: string }>(
    `UPDATE batch_export_runs SET status = @status, records_completed = @records_completed,
     records_failed = @records_failed, bytes_exported = @bytes_exported, latest_error = @latest_error,
     next_attempt_at = @next_attempt_at, finished_at = @finished_at, last_updated_at = @now, cancel_requested = 0
     WHERE id = @id`,
  ),
  cancelRequested: query<number, [runId: string]>('SELECT cancel_requested FROM batch_export_runs WHERE id = ?'),
  requestCancel: query<never, [now: string, runId: string]>(
    `UPDATE batch_export_runs SET cancel_requested = 1, last_updated_at = ? WHERE id = ? AND status = 'Running'`,
  ),
  cancelQueued: query<never, [finishedAt: string, now: string, runId: string]>(
    `UPDATE batch_export_runs SET status = 'Cancelled', finished_at = ?, last_updated_at = ?, next_attempt_at = NULL
     WHERE id = ? AND status IN ('Starting', 'FailedRetryable')`,
  ),
  running: query<RunRow, []>("SELECT * FROM batch_export_runs WHERE status = 'Running' ORDER BY created_at"),
  activeBackfill: query<string, [exportId: string, startAt: string, endAt: string]>(
    `SELECT b.id FROM batch_export_backfills b
      WHERE b.batch_export_id = ? AND b.start_at = ? AND b.end_at = ?
        AND EXISTS (SELECT 1 FROM batch_export_runs r WHERE r.backfill_id = b.id
                    AND r.status IN ('Starting', 'Running', 'FailedRetryable'))
      ORDER BY b.created_at DESC LIMIT 1`,
  ),
  // max() over no rows is one row holding NULL.
  lastScheduledEnd: query<string | null, [exportId: string]>(
    `SELECT max(data_interval_end) FROM batch_export_runs WHERE batch_export_id = ? AND origin = 'schedule'`,
  ),
  insertScheduled: query<
    never,
    [id: string, exportId: string, start: string, end: string, created: string, updated: string]
  >(
    `INSERT INTO batch_export_runs (id, batch_export_id, status, data_interval_start, data_interval_end,
     created_at, last_updated_at, origin)
     VALUES (?, ?, 'Starting', ?, ?, ?, ?, 'schedule')
     ON CONFLICT (batch_export_id, data_interval_end) WHERE origin = 'schedule' DO NOTHING`,
  ),
})

/** Queues the run of a window that closed on schedule; a second call for the same window does nothing. */
export function insertScheduledRun(db: Db, exportId: string, window: { start: string; end: string }, nowIso: string) {
  return sql(db).insertScheduled.run(newId(), exportId, window.start, window.end, nowIso, nowIso).changes === 1
}

export const findRunRow = (db: Db, exportId: string, runId: string) => sql(db).one.get(exportId, runId)

export const runRowById = (db: Db, runId: string) => sql(db).byId.get(runId)

/** The run the runner should take next: queued ones and retries that are due, oldest first. */
export const nextClaimableRun = (db: Db, nowIso: string) => sql(db).next.get(nowIso)

/** Marks a queued run Running; false when someone else (a cancel) changed it first. */
export const claimRun = (db: Db, runId: string, nowIso: string) => sql(db).claim.run(nowIso, runId).changes === 1

export function recordProgress(
  db: Db,
  runId: string,
  p: { records: number; bytes: number; total: number },
  nowIso: string,
) {
  sql(db).progress.run(p.records, p.bytes, p.total, nowIso, runId)
}

export interface RunOutcome {
  status: RunStatus
  records_completed: number | null
  records_failed: number | null
  bytes_exported: number | null
  latest_error: string | null
  next_attempt_at: string | null
  finished_at: string | null
}

export function finishRun(db: Db, runId: string, outcome: RunOutcome, nowIso: string) {
  sql(db).finish.run({ ...outcome, id: runId, now: nowIso })
}

export const cancelRequested = (db: Db, runId: string) => sql(db).cancelRequested.pluck().get(runId) === 1

/**
 * Cancels a run: a queued or waiting one at once, a running one by flagging it for the runner
 * (which stops at its next page). Returns what happened.
 */
export function requestCancel(db: Db, runId: string, nowIso: string): 'cancelled' | 'requested' | 'not-cancellable' {
  if (sql(db).cancelQueued.run(nowIso, nowIso, runId).changes === 1) return 'cancelled'
  if (sql(db).requestCancel.run(nowIso, runId).changes === 1) return 'requested'
  return 'not-cancellable'
}

/** Runs left Running: after a restart, those a previous process was executing when it stopped. */
export const runningRuns = (db: Db) => sql(db).running.all()

/** The backfill of exactly this range whose runs are still under way, if any (a repeated request reuses it). */
export const activeBackfillId = (db: Db, exportId: string, startAt: string, endAt: string) =>
  sql(db).activeBackfill.pluck().get(exportId, startAt, endAt)

export const lastScheduledEnd = (db: Db, exportId: string) => sql(db).lastScheduledEnd.pluck().get(exportId) ?? null

/** A page of an export's runs (every run, not only the latest 10), as the runs endpoint lists them. */
export function listRuns(
  db: Db,
  exportId: string,
  q: Pick<RunsQuery, 'ordering' | 'after' | 'before'>,
  limit: number,
  offset: number,
): { count: number; results: BatchExportRun[] } {
  const clauses = ['batch_export_id = ?']
  const args: unknown[] = [exportId]
  if (q.after) {
    clauses.push('created_at >= ?')
    args.push(new Date(q.after).toISOString())
  }
  if (q.before) {
    clauses.push('created_at < ?')
    args.push(new Date(q.before).toISOString())
  }
  const where = clauses.join(' AND ')
  const order = {
    created_at: 'created_at ASC, rowid ASC',
    '-created_at': 'created_at DESC, rowid DESC',
    data_interval_start: 'data_interval_start ASC, rowid ASC',
    '-data_interval_start': 'data_interval_start DESC, rowid DESC',
  }[q.ordering ?? '-created_at']
  const count =
    prepareCached<number>(db, `SELECT COUNT(*) FROM batch_export_runs WHERE ${where}`)
      .pluck()
      .get(...args) ?? 0
  const rows = prepareCached<RunRow>(
    db,
    `SELECT * FROM batch_export_runs WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
  ).all(...args, limit, offset)
  return { count, results: rows.map(toRun) }
}
