import {
  MAX_BACKFILL_RUNS,
  backfillInput,
  backfillRunCount,
  backfillWindows as backfillWindowsMs,
  type BatchExportInterval,
  type BatchExportRun,
  type RunStatus,
} from '../contracts/batch-exports'
import type { DataWindow } from './schedule'

/** Runs whose window is already exported, or on its way: backfilling it again duplicates data. */
const EXPORTED_OR_IN_FLIGHT: readonly RunStatus[] = ['Completed', 'Running', 'Starting', 'ContinuedAsNew']

export type PlannedRun = DataWindow & {
  /** Known runs (from latest_runs) whose window overlaps this one and that exported or are exporting it. */
  overlaps: BatchExportRun[]
}

const NAIVE_MESSAGE = 'Give a date and time with its zone, e.g. 2026-03-01T00:00:00Z.'

export type BackfillProblem = { field: 'start_at' | 'end_at'; message: string }

export type BackfillPlan = {
  runs: PlannedRun[]
  problems: BackfillProblem[]
  /** How many planned runs overlap an exported window. */
  overlapping: number
}

/** The windows the server creates (the contract's `backfillWindows`), as dates. */
export const backfillWindows = (interval: BatchExportInterval, startMs: number, endMs: number): DataWindow[] =>
  backfillWindowsMs(interval, startMs, endMs).map((w) => ({ start: new Date(w.start), end: new Date(w.end) }))

const overlapsWindow = (w: DataWindow, run: BatchExportRun) => {
  const runEnd = Date.parse(run.data_interval_end)
  const runStart = run.data_interval_start ? Date.parse(run.data_interval_start) : runEnd
  return runStart < w.end.getTime() && w.start.getTime() < runEnd
}

/**
 * What a backfill of `[startAt, endAt)` will do, checked as the server checks it (timezone-aware
 * instants, start before end, end not in the future, at most MAX_BACKFILL_RUNS runs), with each
 * run's overlap against the export's known runs.
 */
export function planBackfill(input: {
  interval: BatchExportInterval
  startAt: string
  endAt: string
  runs: readonly BatchExportRun[]
}): BackfillPlan {
  const parsed = backfillInput.safeParse({ start_at: input.startAt, end_at: input.endAt })
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => ({
      field: issue.path[0] === 'end_at' ? ('end_at' as const) : ('start_at' as const),
      message: issue.code === 'invalid_format' ? NAIVE_MESSAGE : issue.message,
    }))
    return { runs: [], problems: dedupeByField(problems), overlapping: 0 }
  }
  const start = Date.parse(parsed.data.start_at)
  const end = Date.parse(parsed.data.end_at)
  if (backfillRunCount(input.interval, start, end) > MAX_BACKFILL_RUNS) {
    const message = `That range would create more than ${MAX_BACKFILL_RUNS} runs; choose a shorter range.`
    return { runs: [], problems: [{ field: 'start_at', message }], overlapping: 0 }
  }
  const exported = input.runs.filter((r) => EXPORTED_OR_IN_FLIGHT.includes(r.status))
  const runs = backfillWindows(input.interval, start, end).map((w) => ({
    ...w,
    overlaps: exported.filter((r) => overlapsWindow(w, r)),
  }))
  return { runs, problems: [], overlapping: runs.filter((r) => r.overlaps.length > 0).length }
}

function dedupeByField(problems: BackfillProblem[]): BackfillProblem[] {
  const seen = new Set<string>()
  return problems.filter((p) => !seen.has(p.field) && seen.add(p.field))
}
