import type { BatchExportInterval, BatchExportRun, RunStatus } from '../../contracts/batch-exports'
import { formatNumber } from '../../lib/format'
import { formatRangeInZone } from '../../lib/schedule-zone'
import { viewerTimeZone } from '../../lib/time'
import { RUN_STATUS_TONE, runWindow } from './run-status'
import { chartItems } from './run-chart-model'

const SLOT = 10
const BAR = 7
const HEIGHT = 60

/** Records per data window, coloured by run status; gaps between windows show as hatched slots. */
export function RunChart({ runs, interval }: { runs: readonly BatchExportRun[]; interval: BatchExportInterval }) {
  const items = chartItems(runs, interval)
  if (items.length === 0) return null
  const zone = viewerTimeZone()
  const max = Math.max(1, ...items.map((i) => (i.kind === 'run' ? i.total : 0)))
  const counts = new Map<RunStatus, number>()
  for (const item of items) if (item.kind === 'run') counts.set(item.run.status, (counts.get(item.run.status) ?? 0) + 1)
  const gapItems = items.flatMap((i) => (i.kind === 'gap' ? [i] : []))
  const gaps = gapItems.reduce((n, i) => n + i.missing, 0)
  const summary = [
    `Records per data window for the last ${items.length - gapItems.length} runs`,
    [...counts].map(([status, n]) => `${n} ${status}`).join(', '),
    gaps ? `${gaps} window${gaps === 1 ? '' : 's'} without a run` : '',
  ]
    .filter(Boolean)
    .join('; ')

  return (
    <figure className="run-chart">
      <figcaption className="run-chart-head">
        <span className="run-chart-title">Records per data window</span>
        <span className="muted">oldest → newest</span>
        <span className="run-chart-legend">
          {[...counts.keys()].map((status) => (
            <span key={status} className="legend-item">
              <span className={`legend-swatch bar-${RUN_STATUS_TONE[status]}`} aria-hidden />
              {status}
            </span>
          ))}
          {gaps > 0 && (
            <span className="legend-item">
              <span className="legend-swatch legend-gap" aria-hidden />
              No run
            </span>
          )}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${items.length * SLOT} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={summary}
        className="run-chart-svg"
      >
        <defs>
          <pattern id="run-chart-gap" width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <line x1="0" y1="0" x2="0" y2="4" className="run-chart-hatch" />
          </pattern>
        </defs>
        {items.map((item, i) => {
          const x = i * SLOT + (SLOT - BAR) / 2
          if (item.kind === 'gap') {
            return (
              <rect key={`gap-${item.start}`} x={x} y={0} width={BAR} height={HEIGHT} fill="url(#run-chart-gap)">
                <title>
                  {`${item.missing} window${item.missing === 1 ? '' : 's'} without a run: ${formatRangeInZone(new Date(item.start), new Date(item.end), zone)}`}
                </title>
              </rect>
            )
          }
          const { run } = item
          const scale = (n: number) => (n / max) * (HEIGHT - 2)
          const h = Math.max(2, scale(item.records))
          const tone = RUN_STATUS_TONE[run.status]
          const { start, end } = runWindow(run)
          const window = formatRangeInZone(start, end, zone)
          return (
            <g key={run.id}>
              <title>{`${run.status} · ${window} · ${formatNumber(item.records)} of ${formatNumber(item.total)} records`}</title>
              {item.total > item.records && (
                <rect
                  x={x}
                  y={HEIGHT - scale(item.total)}
                  width={BAR}
                  height={scale(item.total)}
                  className={`run-bar-total bar-${tone}`}
                />
              )}
              <rect x={x} y={HEIGHT - h} width={BAR} height={h} className={`run-bar bar-${tone}`} />
            </g>
          )
        })}
      </svg>
    </figure>
  )
}
