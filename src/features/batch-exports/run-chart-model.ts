import type { BatchExportInterval, BatchExportRun } from '../../contracts/batch-exports'
import { INTERVAL_MS } from '../../lib/schedule'

export type ChartItem =
  | { kind: 'run'; run: BatchExportRun; records: number; total: number }
  | { kind: 'gap'; start: number; end: number; missing: number }

const startOf = (r: BatchExportRun) => Date.parse(r.data_interval_start ?? r.data_interval_end)
const endOf = (r: BatchExportRun) => Date.parse(r.data_interval_end)

/**
 * Runs in data-window order (oldest first) with a gap item wherever windows went unexported
 * between two runs, so holes in the history show as holes in the chart.
 */
export function chartItems(runs: readonly BatchExportRun[], interval: BatchExportInterval): ChartItem[] {
  const step = INTERVAL_MS[interval]
  const sorted = [...runs].sort((a, b) => endOf(a) - endOf(b) || startOf(a) - startOf(b))
  const items: ChartItem[] = []
  let coveredUntil: number | null = null
  for (const run of sorted) {
    const start = startOf(run)
    if (coveredUntil !== null && start > coveredUntil) {
      items.push({
        kind: 'gap',
        start: coveredUntil,
        end: start,
        missing: Math.max(1, Math.round((start - coveredUntil) / step)),
      })
    }
    const records = run.records_completed ?? 0
    items.push({ kind: 'run', run, records, total: Math.max(records, run.records_total_count ?? 0) })
    coveredUntil = Math.max(coveredUntil ?? endOf(run), endOf(run))
  }
  return items
}

/** Round steps for the value axis: 0 and up to four ticks, the last at or above `max` (1, 2 or 5 × 10ⁿ apart). */
export function axisTicks(max: number): number[] {
  const rough = Math.max(1, max) / 4
  const power = 10 ** Math.floor(Math.log10(rough))
  // Records are whole: never a step below 1.
  const step = Math.max(
    1,
    [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!,
  )
  const ticks = [0]
  while (ticks.at(-1)! < max) ticks.push(ticks.at(-1)! + step)
  return ticks
}
