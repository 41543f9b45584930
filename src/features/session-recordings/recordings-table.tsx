import type { MouseEvent, ReactNode } from 'react'
import { ArrowDown, ArrowUp } from 'lucide-react'
import { Link, useNavigate } from 'react-router-dom'
import type { RecordingOrder, SessionRecording } from '../../contracts/session-recordings'
import { Skeleton } from '../../components/skeleton'
import { splitSort } from '../../lib/list-params'
import { formatDuration, formatRelative } from '../../lib/time'
import { Count, StartUrl, exactTime, formatScore, personLabel } from './recording-cells'
import { DEFAULT_SORT } from './recording-list-params'

type Column = {
  key: string
  header: string
  numeric?: boolean
  sort?: RecordingOrder
  /** Dropped on narrow screens. */
  secondary?: boolean
  cell: (r: SessionRecording, href: string) => ReactNode
}

/** When, and who: the row's link, unviewed dot and ongoing badge, with the person underneath. */
function StartCell({ r, href }: { r: SessionRecording; href: string }) {
  return (
    <>
      {!r.viewed && <span className="rec-dot" role="img" aria-label="Not viewed" title="Not viewed yet" />}
      <Link to={href} title={exactTime(r.start_time)}>
        {formatRelative(r.start_time)}
      </Link>
      {r.ongoing && <span className="badge badge-blue">Ongoing</span>}
      <span className="rec-person">{personLabel(r)}</span>
    </>
  )
}

const COLUMNS: Column[] = [
  { key: 'start', header: 'Start', sort: 'start_time', cell: (r, href) => <StartCell r={r} href={href} /> },
  { key: 'url', header: 'Start URL', secondary: true, cell: (r) => <StartUrl value={r.start_url} /> },
  {
    key: 'duration',
    header: 'Duration',
    numeric: true,
    sort: 'duration',
    cell: (r) => formatDuration(r.recording_duration),
  },
  {
    key: 'active',
    header: 'Active',
    numeric: true,
    sort: 'active_seconds',
    secondary: true,
    cell: (r) => formatDuration(r.active_seconds),
  },
  {
    key: 'clicks',
    header: 'Clicks',
    numeric: true,
    sort: 'click_count',
    secondary: true,
    cell: (r) => <Count value={r.click_count} />,
  },
  { key: 'keys', header: 'Keys', numeric: true, secondary: true, cell: (r) => <Count value={r.keypress_count} /> },
  {
    key: 'mouse',
    header: 'Mouse',
    numeric: true,
    secondary: true,
    cell: (r) => <Count value={r.mouse_activity_count} />,
  },
  {
    key: 'errors',
    header: 'Errors',
    numeric: true,
    sort: 'console_error_count',
    cell: (r) => <Count value={r.console_error_count} tone="red" />,
  },
  {
    key: 'warnings',
    header: 'Warnings',
    numeric: true,
    secondary: true,
    cell: (r) => <Count value={r.console_warn_count} tone="amber" />,
  },
  {
    key: 'score',
    header: 'Activity',
    numeric: true,
    sort: 'activity_score',
    secondary: true,
    cell: (r) => formatScore(r.activity_score),
  },
]

const cellClass = (c: Column) =>
  [c.numeric && 'num', c.secondary && 'rec-secondary', `rec-col-${c.key}`].filter(Boolean).join(' ')

type Props = {
  rows: SessionRecording[] | undefined
  loading: boolean
  stale: boolean
  skeletonRows: number
  sort: string | null
  onSortChange: (sort: string) => void
  detailHref: (id: string) => string
  activeId: string | null
  onActivate: (id: string) => void
  selected: ReadonlySet<string>
  onToggleSelect: (id: string) => void
  onToggleAll: (select: boolean) => void
  /** The row menu (trigger and, when open, its items). */
  renderMenu: (row: SessionRecording) => ReactNode
  empty: ReactNode
}

const interactive = 'a, button, input, select, textarea, label, [role="menu"]'

/** The recordings table: compact rows, selection, keyboard-active row, sortable headers. */
export function RecordingsTable(props: Props) {
  const { rows, loading, stale, detailHref, activeId, selected } = props
  const navigate = useNavigate()
  const { field, descending } = splitSort(props.sort ?? DEFAULT_SORT)
  const allSelected = Boolean(rows?.length) && rows!.every((r) => selected.has(r.id))
  const someSelected = !allSelected && Boolean(rows?.some((r) => selected.has(r.id)))

  const openRow = (event: MouseEvent, id: string) => {
    if ((event.target as HTMLElement).closest(interactive) || window.getSelection()?.toString()) return
    navigate(detailHref(id))
  }

  const header = (c: Column) => {
    const active = c.sort !== undefined && field === c.sort
    return (
      <th
        key={c.key}
        scope="col"
        className={cellClass(c)}
        aria-sort={active ? (descending ? 'descending' : 'ascending') : undefined}
      >
        {c.sort ? (
          // First click sorts highest first: "most errors" is what triage wants.
          <button
            type="button"
            className="th-sort"
            onClick={() => props.onSortChange(active && descending ? c.sort! : `-${c.sort}`)}
          >
            {c.header}
            {active && (descending ? <ArrowDown size={12} aria-hidden /> : <ArrowUp size={12} aria-hidden />)}
          </button>
        ) : (
          c.header
        )}
      </th>
    )
  }

  return (
    <div className="table-wrap">
      <table className="table rec-table" aria-label="Recordings" aria-busy={loading || stale || undefined}>
        <thead>
          <tr>
            <th scope="col" className="rec-check">
              <input
                type="checkbox"
                aria-label="Select all recordings on this page"
                checked={allSelected}
                ref={(el) => {
                  if (el) el.indeterminate = someSelected
                }}
                disabled={!rows?.length}
                onChange={(e) => props.onToggleAll(e.target.checked)}
              />
            </th>
            {COLUMNS.map(header)}
            <th scope="col" className="rec-menu-col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className={stale ? 'stale' : undefined}>
          {loading
            ? Array.from({ length: props.skeletonRows }, (_, i) => (
                <tr key={i} aria-hidden>
                  <td colSpan={COLUMNS.length + 2}>
                    <Skeleton height={14} />
                  </td>
                </tr>
              ))
            : rows?.map((r) => (
                <tr
                  key={r.id}
                  data-row-id={r.id}
                  className={['row-link', !r.viewed && 'rec-unviewed', r.id === activeId && 'rec-active']
                    .filter(Boolean)
                    .join(' ')}
                  tabIndex={r.id === activeId ? 0 : -1}
                  aria-current={r.id === activeId || undefined}
                  onClick={(e) => openRow(e, r.id)}
                  onFocus={() => r.id !== activeId && props.onActivate(r.id)}
                >
                  <td className="rec-check">
                    <input
                      type="checkbox"
                      aria-label={`Select recording ${r.id}`}
                      checked={selected.has(r.id)}
                      onChange={() => props.onToggleSelect(r.id)}
                    />
                  </td>
                  {COLUMNS.map((c) => (
                    <td key={c.key} className={cellClass(c)}>
                      {c.cell(r, detailHref(r.id))}
                    </td>
                  ))}
                  <td className="rec-menu-col">{props.renderMenu(r)}</td>
                </tr>
              ))}
        </tbody>
      </table>
      {!loading && rows?.length === 0 && props.empty}
    </div>
  )
}
