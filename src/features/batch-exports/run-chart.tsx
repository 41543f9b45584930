import type { KeyboardEvent } from 'react'
import type { BatchExportInterval, BatchExportRun, RunStatus } from '../../contracts/batch-exports'
import { formatNumber } from '../../lib/format'
import { formatRangeInZone } from '../../lib/schedule-zone'
import { viewerTimeZone } from '../../lib/time'
import { runWindow } from './run-status'
import { axisTicks, chartItems } from './run-chart-model'
import './run-chart.css'

const SLOT = 10
const BAR = 7
const HEIGHT = 100

type Props = {
  runs: readonly BatchExportRun[]
  interval: BatchExportInterval
  /** The run selected in the table (its bar is outlined). */
  selectedId?: string | null
  /** A click (or Enter) on a run's bar selects that run in the table. */
  onSelect?: (runId: string) => void
}

/** A status's chart colour: one each (the badges group them by meaning; here they must tell apart). */
const statusClass = (status: RunStatus) => `bar-status-${status}`

/**
 * Records per data window, one bar per run coloured by its status, against a value axis; gaps between
 * windows show as hatched slots. A bar is a button: it selects its run in the table below.
 */
export function RunChart({ runs, interval, selectedId = null, onSelect }: Props) {
  const items = chartItems(runs, interval)
  if (items.length === 0) return null
  const zone = viewerTimeZone()
  const ticks = axisTicks(Math.max(1, ...items.map((i) => (i.kind === 'run' ? i.total : 0))))
  const top = ticks.at(-1)!
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
  const scale = (n: number) => (n / top) * HEIGHT
  const onKey = (event: KeyboardEvent, runId: string) => {
    if (event.key !== 'Enter' && event.key !== ' ') return
    event.preventDefault()
    onSelect?.(runId)
  }

  return (
    <figure className="run-chart">
      <figcaption className="run-chart-head">
        <span className="run-chart-title">Records per data window</span>
        <span className="muted">oldest → newest{onSelect ? '; select a bar to find its run below' : ''}</span>
        <span className="run-chart-legend">
          {[...counts.keys()].map((status) => (
            <span key={status} className="legend-item">
              <span className={`legend-swatch ${statusClass(status)}`} aria-hidden />
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
      <div className="run-chart-plot">
        <div className="run-chart-axis" aria-hidden>
          {ticks.map((t) => (
            <span key={t} style={{ bottom: `${(t / top) * 100}%` }}>
              {formatNumber(t)}
            </span>
          ))}
        </div>
        <svg
          viewBox={`0 0 ${items.length * SLOT} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="group"
          aria-label={summary}
          className="run-chart-svg"
        >
          <defs>
            <pattern
              id="run-chart-gap"
              width="4"
              height="4"
              patternUnits="userSpaceOnUse"
              patternTransform="rotate(45)"
            >
              <line x1="0" y1="0" x2="0" y2="4" className="run-chart-hatch" />
            </pattern>
          </defs>
          {ticks.map((t) => (
            <line
              key={t}
              x1={0}
              x2={items.length * SLOT}
              y1={HEIGHT - scale(t)}
              y2={HEIGHT - scale(t)}
              className="run-chart-grid"
            />
          ))}
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
            const h = Math.max(2, scale(item.records))
            const { start, end } = runWindow(run)
            const label = `${run.status} · ${formatRangeInZone(start, end, zone)} · ${formatNumber(item.records)} of ${formatNumber(item.total)} records`
            const selected = run.id === selectedId
            return (
              <g
                key={run.id}
                className={`run-bar-group${selected ? ' run-bar-selected' : ''}`}
                data-run-id={run.id}
                role={onSelect ? 'button' : undefined}
                tabIndex={onSelect ? 0 : undefined}
                aria-label={onSelect ? `Select run: ${label}` : undefined}
                aria-pressed={onSelect ? selected : undefined}
                onClick={onSelect ? () => onSelect(run.id) : undefined}
                onKeyDown={onSelect ? (e) => onKey(e, run.id) : undefined}
              >
                <title>{label}</title>
                {/* The whole slot answers a click, however short the bar. */}
                <rect x={i * SLOT} y={0} width={SLOT} height={HEIGHT} className="run-bar-hit" />
                {item.total > item.records && (
                  <rect
                    x={x}
                    y={HEIGHT - scale(item.total)}
                    width={BAR}
                    height={scale(item.total)}
                    className={`run-bar-total ${statusClass(run.status)}`}
                  />
                )}
                <rect x={x} y={HEIGHT - h} width={BAR} height={h} className={`run-bar ${statusClass(run.status)}`} />
              </g>
            )
          })}
        </svg>
      </div>
    </figure>
  )
}
