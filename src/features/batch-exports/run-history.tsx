import { Fragment, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router-dom'
import { ChevronDown, ChevronRight, History } from 'lucide-react'
import type { BatchExport, BatchExportRun } from '../../contracts/batch-exports'
import { ACTIVE_RUN_STATUSES } from '../../api/batch-exports'
import { batchExportRunQueries } from '../../api/batch-export-runs'
import { upstreamIsPostHog } from '../../api/upstream'
import type { Permission } from '../../lib/permissions'
import { Badge } from '../../components/badge'
import { CopyButton } from '../../components/copy-button'
import { EmptyState } from '../../components/empty-state'
import { ErrorState } from '../../components/error-state'
import { Pagination } from '../../components/pagination'
import { Skeleton } from '../../components/skeleton'
import { Time } from '../../components/time'
import { formatNumber } from '../../lib/format'
import { formatRangeInZone } from '../../lib/schedule-zone'
import { formatDuration, formatUtc, viewerTimeZone, zoneLabel } from '../../lib/time'
import { formatBytes } from './format-bytes'
import { RunActions } from './run-actions'
import { RunChart } from './run-chart'
import { RUN_PAGE_SIZES, readRunPage, writeRunPage } from './run-params'
import { RunStatusBadge, runDurationSeconds, runWindow } from './run-status'
import './batch-exports.css'
import './run-history.css'

const COLUMNS = 10

/** The run page in the URL, so a page of history can be shared and back works. */
function useRunPage() {
  const [params, setParams] = useSearchParams()
  const { page, pageSize, window } = readRunPage(params)
  const set = (next: { page?: number; size?: number }) =>
    setParams((prev) => writeRunPage(prev, next.page ?? page, next.size))
  return { page, pageSize, window, set }
}

/** Records so far while a run exports ("1,200 of 5,000"), the count once it finished. */
function Records({ run }: { run: BatchExportRun }) {
  if (run.status === 'Running' && run.records_total_count)
    return (
      <span
        title={`${formatNumber(run.records_completed ?? 0)} of ${formatNumber(run.records_total_count)} records so far`}
      >
        {formatNumber(run.records_completed ?? 0)}
        <span className="muted"> of {formatNumber(run.records_total_count)}</span>
      </span>
    )
  return <>{formatNumber(run.records_completed)}</>
}

function RunWindow({ run }: { run: BatchExportRun }) {
  const { start, end } = runWindow(run)
  return (
    <span className="run-window" title={`${formatUtc(start)} → ${formatUtc(end)}`}>
      <span className="num">{formatRangeInZone(start, end, viewerTimeZone(), { compact: true })}</span>
      {run.backfill && <Badge tone="grey">Backfill</Badge>}
    </span>
  )
}

type Props = {
  orgId: string
  exp: BatchExport
  permission: Permission
  logsHref: (runId: string) => string
}

/**
 * Every run of the export, newest first, a page at a time: status, window, records (progress
 * while exporting), bytes, timing, each failure's error on demand, and Cancel or Retry per run.
 */
export function RunHistory({ orgId, exp, permission, logsHref }: Props) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set())
  const { page, pageSize, window, set } = useRunPage()
  const moving = exp.latest_runs.some((r) => ACTIVE_RUN_STATUSES.includes(r.status))
  const options = batchExportRunQueries.page(orgId, exp.team_id, exp.id, window)
  const runs = useQuery({
    ...options,
    // New runs appear on the first page while the export's latest runs move, even if this page had none in flight.
    refetchInterval: (query) =>
      moving || query.state.data?.results.some((r) => ACTIVE_RUN_STATUSES.includes(r.status)) ? 3_000 : false,
  })
  const [selected, setSelected] = useState<string | null>(null)
  // A bar of the chart selects its run: the row is marked, scrolled to and focused, its error shown.
  const selectRun = (id: string) => {
    setSelected(id)
    // The chart shows the latest runs: they are on the first page.
    if (page !== 1) set({ page: 1 })
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

  if (runs.isError && !runs.data) return <ErrorState error={runs.error} onRetry={() => void runs.refetch()} />
  if (!runs.data)
    return (
      <div className="stack" aria-busy="true" aria-label="Loading runs">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height={32} />
        ))}
      </div>
    )
  const list = runs.data.results
  if (list.length === 0 && page === 1) {
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
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((run) => {
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
                    <td className="num">
                      <Records run={run} />
                    </td>
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
                      <RunActions orgId={orgId} exp={exp} run={run} permission={permission} />
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
      {upstreamIsPostHog() ? (
        // PostHog pages runs by cursor (its newest 100 first) and ignores offsets: no page numbers here.
        <p className="muted run-history-note">
          The newest {formatNumber(list.length)} runs, as PostHog lists them
          {runs.data.hasNext ? '; older runs are in PostHog' : ''}. Times in {viewerTimeZone()}, UTC on hover.
        </p>
      ) : (
        <Pagination
          page={page}
          pageSize={pageSize}
          pageSizes={RUN_PAGE_SIZES}
          shown={list.length}
          count={runs.data.count}
          hasNext={runs.data.hasNext}
          onPageChange={(p) => set({ page: p })}
          onPageSizeChange={(size) => set({ page: 1, size })}
          note={`newest first; times in ${viewerTimeZone()}, UTC on hover`}
        />
      )}
    </div>
  )
}
