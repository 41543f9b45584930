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
