import type { MouseEvent, ReactNode } from 'react'
import { ArrowDown, ArrowUp } from 'lucide-react'
import { Link, useNavigate } from 'react-router-dom'
import type { RecordingOrder, SessionRecording } from '../../contracts'
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
  cell: (r: SessionRecording) => ReactNode
}

const COLUMNS: Column[] = [
  {
    key: 'person',
    header: 'Person',
    secondary: true,
    cell: (r) => <span className="rec-person">{personLabel(r)}</span>,
  },
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
  const { rows, loading, stale, sort, onSortChange, detailHref, activeId, selected } = props
  const navigate = useNavigate()
  const { field, descending } = splitSort(sort ?? DEFAULT_SORT)
  const allSelected = Boolean(rows?.length) && rows!.every((r) => selected.has(r.id))
  const someSelected = !allSelected && Boolean(rows?.some((r) => selected.has(r.id)))

  // First click on a column sorts it highest first: "most errors" is what triage wants.
  const toggleSort = (column: RecordingOrder) => onSortChange(field === column && descending ? column : `-${column}`)

  const openRow = (event: MouseEvent, id: string) => {
    if ((event.target as HTMLElement).closest(interactive) || window.getSelection()?.toString()) return
    navigate(detailHref(id))
  }

  const header = (c: Column) => {
    const cls = [c.numeric && 'num', c.secondary && 'rec-secondary'].filter(Boolean).join(' ') || undefined
    if (!c.sort)
      return (
        <th key={c.key} scope="col" className={cls}>
          {c.header}
        </th>
      )
    const active = field === c.sort
    return (
      <th
        key={c.key}
        scope="col"
        className={cls}
        aria-sort={active ? (descending ? 'descending' : 'ascending') : undefined}
      >
        <button type="button" className="th-sort" onClick={() => toggleSort(c.sort!)}>
          {c.header}
          {active && (descending ? <ArrowDown size={12} aria-hidden /> : <ArrowUp size={12} aria-hidden />)}
        </button>
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
            <th scope="col" aria-sort={field === 'start_time' ? (descending ? 'descending' : 'ascending') : undefined}>
              <button type="button" className="th-sort" onClick={() => toggleSort('start_time')}>
                Start
                {field === 'start_time' &&
                  (descending ? <ArrowDown size={12} aria-hidden /> : <ArrowUp size={12} aria-hidden />)}
              </button>
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
                  <td colSpan={COLUMNS.length + 3}>
                    <Skeleton height={14} />
                  </td>
                </tr>
              ))
            : rows?.map((r) => (
                <tr
                  key={r.id}
                  data-row-id={r.id}
                  className={['row-link', r.viewed ? '' : 'rec-unviewed', r.id === activeId ? 'rec-active' : '']
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
                  <td className="rec-start">
                    {!r.viewed && (
                      <span className="rec-dot" role="img" aria-label="Not viewed" title="Not viewed yet" />
                    )}
                    <Link to={detailHref(r.id)} title={exactTime(r.start_time)}>
                      {formatRelative(r.start_time)}
                    </Link>
                    {r.ongoing && <span className="badge badge-blue">Ongoing</span>}
                  </td>
                  {COLUMNS.map((c) => (
                    <td
                      key={c.key}
                      className={
                        [c.numeric && 'num', c.secondary && 'rec-secondary'].filter(Boolean).join(' ') || undefined
                      }
                    >
                      {c.cell(r)}
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
