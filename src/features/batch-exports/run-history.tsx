import { Fragment, useState } from 'react'
import { Link } from 'react-router-dom'
import { ChevronDown, ChevronRight, History } from 'lucide-react'
import type { BatchExport, BatchExportRun } from '../../contracts'
import { Badge } from '../../components/badge'
import { CopyButton } from '../../components/copy-button'
import { EmptyState } from '../../components/empty-state'
import { Time } from '../../components/time'
import { formatNumber } from '../../lib/format'
import { formatRangeInZone } from '../../lib/schedule-zone'
import { formatDuration, formatUtc, viewerTimeZone, zoneLabel } from '../../lib/time'
import { formatBytes } from './format-bytes'
import { RunChart } from './run-chart'
import { RunStatusBadge, runDurationSeconds, runWindow } from './run-status'

const COLUMNS = 10

function RunWindow({ run }: { run: BatchExportRun }) {
  const { start, end } = runWindow(run)
  return (
    <span className="run-window" title={`${formatUtc(start)} → ${formatUtc(end)}`}>
      <span className="num">{formatRangeInZone(start, end, viewerTimeZone(), { compact: true })}</span>
      {run.backfill && <Badge tone="grey">Backfill</Badge>}
    </span>
  )
}

/** The last runs (newest first): status, window, records, bytes, timing, and each failure's error on demand. */
export function RunHistory({ exp, logsHref }: { exp: BatchExport; logsHref: (runId: string) => string }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set())
  const [selected, setSelected] = useState<string | null>(null)
  // A bar of the chart selects its run: the row is marked, scrolled to and focused, its error shown.
  const selectRun = (id: string) => {
    setSelected(id)
    if (exp.latest_runs.find((r) => r.id === id)?.latest_error) setOpen((prev) => new Set(prev).add(id))
    requestAnimationFrame(() => {
      const row = document.querySelector<HTMLElement>(`tr[data-run-id="${CSS.escape(id)}"]`)
      row?.scrollIntoView({ block: 'nearest' })
      row?.focus({ preventScroll: true })
    })
  }
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  if (exp.latest_runs.length === 0) {
    return (
      <EmptyState
        icon={<History size={22} />}
        title="No runs yet"
        description={
          exp.paused
            ? 'The export is paused. Resume it, or backfill a past range.'
            : 'The first run starts when its first data window ends.'
        }
      />
    )
  }

  return (
    <div className="stack">
      <RunChart runs={exp.latest_runs} interval={exp.interval} selectedId={selected} onSelect={selectRun} />
      <div className="table-wrap">
        <table className="table runs-table" aria-label="Run history">
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Data window ({zoneLabel(viewerTimeZone())})</th>
              <th scope="col" className="num">
                Records
              </th>
              <th scope="col" className="num">
                Failed
              </th>
              <th scope="col" className="num secondary-col">
                Total
              </th>
              <th scope="col" className="num">
                Bytes
              </th>
              <th scope="col" className="secondary-col">
                Started
              </th>
              <th scope="col" className="secondary-col">
                Finished
              </th>
              <th scope="col" className="num">
                Duration
              </th>
              <th scope="col">
                <span className="visually-hidden">Details</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {exp.latest_runs.map((run) => {
              const expanded = open.has(run.id)
              const failed = (run.records_failed ?? 0) > 0
              return (
                <Fragment key={run.id}>
                  <tr
                    data-run-status={run.status}
                    data-run-id={run.id}
                    tabIndex={-1}
                    aria-current={run.id === selected || undefined}
                    className={run.id === selected ? 'run-selected' : undefined}
                  >
                    <td>
                      <RunStatusBadge status={run.status} />
                    </td>
                    <td>
                      <RunWindow run={run} />
                    </td>
                    <td className="num">{formatNumber(run.records_completed)}</td>
                    <td className={`num${failed ? ' text-red' : ''}`}>{formatNumber(run.records_failed)}</td>
                    <td className="num secondary-col">{formatNumber(run.records_total_count)}</td>
                    <td className="num">{formatBytes(run.bytes_exported)}</td>
                    <td className="secondary-col">
                      <Time value={run.created_at} />
                    </td>
                    <td className="secondary-col">
                      {run.finished_at ? <Time value={run.finished_at} /> : <span className="muted">—</span>}
                    </td>
                    <td className="num">{formatDuration(runDurationSeconds(run))}</td>
                    <td className="run-actions">
                      {run.latest_error && (
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm error-toggle"
                          aria-expanded={expanded}
                          aria-controls={`run-error-${run.id}`}
                          aria-label={expanded ? 'Hide error' : 'Show error'}
                          title={expanded ? 'Hide error' : 'Show error'}
                          onClick={() => toggle(run.id)}
                        >
                          {expanded ? <ChevronDown size={14} aria-hidden /> : <ChevronRight size={14} aria-hidden />}
                          Error
                        </button>
                      )}
                    </td>
                  </tr>
                  {run.latest_error && expanded && (
                    <tr className="run-error-row" id={`run-error-${run.id}`}>
                      <td colSpan={COLUMNS}>
                        <div className="run-error">
                          <pre className="mono">{run.latest_error}</pre>
                          <div className="run-error-actions">
                            <CopyButton value={run.latest_error} label="Copy error" />
                            <Link to={logsHref(run.id)}>Logs of this run</Link>
                          </div>
                        </div>
                      </td>
                    </tr>
                  )}
                </Fragment>
              )
            })}
          </tbody>
        </table>
      </div>
      <p className="field-help">
        The last {exp.latest_runs.length} runs, newest first. Times in {viewerTimeZone()}; UTC on hover.
      </p>
    </div>
  )
}
