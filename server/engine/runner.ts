import type { BatchExportModel } from '../../src/contracts/batch-exports'
import {
  cancelRequested,
  claimRun,
  finishRun,
  nextClaimableRun,
  recordProgress,
  runningRuns,
} from '../db/batch-export-runs'
import { exportRowById, storedConfig, type RunRow } from '../db/batch-exports'
import type { Db } from '../db/database'
import { countWindow, readPage, type Cursor, type WindowQuery } from '../db/export-records'
import type { Clock } from './clock'
import { destinationFor } from './destinations'
import type { DestinationWriter } from './destinations/types'
import { CancelledError, classify } from './errors'
import { writeLog } from './logs'
import { retryDelay, type RetryPolicy } from './retry-policy'

export interface RunnerOptions {
  db: Db
  clock: Clock
  retry: RetryPolicy
  /** Rows read from the database per page (and handed to the destination per write). */
  pageSize: number
  /** How often a running export checks for a cancel while waiting on its destination (real time). */
  cancelPollMs: number
}

const iso = (ms: number) => new Date(ms).toISOString()
/** Milliseconds of synchronous work (read + encode) an export does between two yields to the event loop. */
const SLICE_MS = 6
/** Lets queued I/O and API requests run between pages: an export never holds the event loop for a whole window. */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

const eventFilters = (model: BatchExportModel | null, config: Record<string, unknown>) =>
  model === 'events' || model === null
    ? {
        includeEvents: Array.isArray(config.include_events) ? (config.include_events as string[]) : null,
        excludeEvents: Array.isArray(config.exclude_events) ? (config.exclude_events as string[]) : null,
      }
    : {}

export function createRunner(options: RunnerOptions) {
  const { db, clock, retry } = options
  const now = () => iso(clock.now())

  /** Takes over runs a stopped process left Running: each waits for a retry (or fails, out of attempts), with a log line. */
  function recoverInterrupted(): number {
    const runs = runningRuns(db)
    for (const run of runs) {
      const progress =
        run.records_total_count !== null
          ? ` after ${run.records_completed ?? 0} of ${run.records_total_count} records`
          : ''
      const outOfAttempts = run.attempts >= retry.maxAttempts
      const message = `The server stopped while this run was exporting${progress}. Nothing it wrote was kept as complete.`
      finishRun(
        db,
        run.id,
        {
          status: outOfAttempts ? 'Failed' : 'FailedRetryable',
          records_completed: run.records_completed,
          records_failed: null,
          bytes_exported: run.bytes_exported,
          latest_error: message,
          next_attempt_at: outOfAttempts ? null : now(),
          finished_at: outOfAttempts ? now() : null,
        },
        now(),
      )
      writeLog(
        db,
        clock,
        run.batch_export_id,
        run.id,
        outOfAttempts ? 'ERROR' : 'WARNING',
        outOfAttempts
          ? `${message} No attempts are left (${run.attempts} of ${retry.maxAttempts}); retry the run to export this window.`
          : `${message} It will be retried now (attempt ${run.attempts + 1} of ${retry.maxAttempts}).`,
      )
    }
    return runs.length
  }

  async function execute(run: RunRow) {
    const exp = exportRowById(db, run.batch_export_id)
    if (!exp) return
    const attempt = run.attempts + 1
    const window = {
      start: Date.parse(run.data_interval_start ?? run.data_interval_end),
      end: Date.parse(run.data_interval_end),
    }
    const model = exp.model ?? 'events'
    const config = storedConfig(exp)
    const query: WindowQuery = { teamId: exp.team_id, ...window, ...eventFilters(exp.model, config) }
    const log = (level: 'DEBUG' | 'INFO' | 'WARNING' | 'ERROR', message: string) =>
      writeLog(db, clock, exp.id, run.id, level, message)
    const controller = new AbortController()
    const poll = setInterval(() => {
      if (cancelRequested(db, run.id)) controller.abort(new CancelledError())
    }, options.cancelPollMs)
    let writer: DestinationWriter | null = null
    let records = 0
    let total = 0
    try {
      const destination = destinationFor(exp.destination_type)
      total = countWindow(db, model, query)
      recordProgress(db, run.id, { records: 0, bytes: 0, total }, now())
      log(
        'INFO',
        `Batch export run started: ${model} from ${iso(window.start)} to ${iso(window.end)} to ${exp.destination_type}` +
          ` (${total} records${attempt > 1 ? `, attempt ${attempt} of ${retry.maxAttempts}` : ''})`,
      )
      writer = await destination.open(config, {
        exportId: exp.id,
        runId: run.id,
        teamId: exp.team_id,
        model,
        window,
        signal: controller.signal,
        log,
      })
      let cursor: Cursor = null
      let reported = Date.now()
      let pageSize = Math.min(options.pageSize, 250)
      do {
        if (controller.signal.aborted || cancelRequested(db, run.id)) throw new CancelledError()
        // Reading a page and encoding it run on the event loop: the page size adapts so that work
        // stays near SLICE_MS, and API requests wait at most about that long behind an export.
        const began = performance.now()
        const page = readPage(db, model, query, cursor, pageSize)
        const written = page.records.length ? writer.write(page.records) : Promise.resolve()
        const busy = performance.now() - began
        await written
        if (busy > SLICE_MS * 1.5 && pageSize > 50) pageSize = Math.max(50, Math.floor(pageSize / 2))
        else if (busy < SLICE_MS / 2 && pageSize < options.pageSize) pageSize = Math.min(options.pageSize, pageSize * 2)
        records += page.records.length
        cursor = page.next
        if (Date.now() - reported > 500) {
          recordProgress(db, run.id, { records, bytes: 0, total: Math.max(total, records) }, now())
          reported = Date.now()
        }
        await yieldToLoop()
      } while (cursor)
      if (controller.signal.aborted || cancelRequested(db, run.id)) throw new CancelledError()
      const summary = await writer.close()
      writer = null
      finishRun(
        db,
        run.id,
        {
          status: 'Completed',
          records_completed: summary.records,
          records_failed: 0,
          bytes_exported: summary.bytes,
          latest_error: null,
          next_attempt_at: null,
          finished_at: now(),
        },
        now(),
      )
      log(
        'INFO',
        `Batch export run finished: exported ${summary.records} records (${summary.bytes} bytes) to ${summary.target}`,
      )
    } catch (error) {
      await writer?.abort().catch(() => undefined)
      const cancelled =
        controller.signal.aborted || cancelRequested(db, run.id) ? new CancelledError() : classify(error)
      if (cancelled instanceof CancelledError) {
        finishRun(
          db,
          run.id,
          {
            status: 'Cancelled',
            records_completed: records,
            records_failed: null,
            bytes_exported: null,
            latest_error: null,
            next_attempt_at: null,
            finished_at: now(),
          },
          now(),
        )
        log(
          'WARNING',
          `Batch export run cancelled by a user after ${records} of ${total} records; the unfinished upload was discarded.`,
        )
        return
      }
      const failure = cancelled
      const retrying = failure.retryable && attempt < retry.maxAttempts
      const nextAt = retrying ? clock.now() + retryDelay(retry, attempt) : null
      finishRun(
        db,
        run.id,
        {
          status: retrying ? 'FailedRetryable' : 'Failed',
          records_completed: records,
          records_failed: null,
          bytes_exported: null,
          latest_error: failure.message,
          next_attempt_at: nextAt === null ? null : iso(nextAt),
          finished_at: retrying ? null : now(),
        },
        now(),
      )
      if (retrying)
        log(
          'WARNING',
          `${failure.message} — retrying at ${iso(nextAt!)} (attempt ${attempt + 1} of ${retry.maxAttempts}).`,
        )
      else
        log(
          'ERROR',
          failure.retryable
            ? `${failure.message} — giving up after ${attempt} attempts.`
            : `${failure.message} — this will not pass on a retry; fix the destination, then retry the run.`,
        )
    } finally {
      clearInterval(poll)
    }
  }

  /** Claims the next due run and exports it; false when nothing is due. */
  async function runNext(): Promise<boolean> {
    const run = nextClaimableRun(db, now())
    if (!run) return false
    if (claimRun(db, run.id, now())) await execute(run)
    return true
  }

  return { recoverInterrupted, runNext }
}
