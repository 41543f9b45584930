import { useDeferredValue, type MouseEvent, type ReactNode } from 'react'
import { ArrowDown, ArrowUp } from 'lucide-react'
import { useNavigate } from 'react-router-dom'
import type { RecordingOrder, SessionRecording } from '../../contracts/session-recordings'
import { Skeleton } from '../../components/skeleton'
import { splitSort } from '../../lib/list-params'
import { formatDuration, formatRelative } from '../../lib/time'
import { ColumnChooser } from './column-chooser'
import { Count, StartUrlCell, exactTime, formatScore, personLabel } from './recording-cells'
import { useRecordingColumns, type ColumnKey } from './recording-columns'
import { DEFAULT_SORT } from './recording-list-params'
import './recordings-table.css'

type Column = {
  key: ColumnKey
  header: string
  numeric?: boolean
  sort?: RecordingOrder
  cell: (r: SessionRecording, href: string) => ReactNode
}

/**
 * When, and who: one link of two lines (the time, styled by `::first-line`, then the person), an
 * ongoing badge the time yields room to, and a dot drawn by CSS for an unviewed row (the link's name
 * says it). Few elements on purpose: a page holds up to 100 rows. The link is a plain anchor that
 * RecordingsTable's click handler navigates with: a router Link per row cost its hooks on every row.
 */
function StartCell({ r, href }: { r: SessionRecording; href: string }) {
  const when = formatRelative(r.start_time)
  const who = personLabel(r)
  return (
    <>
      <a
        href={href}
        data-row-link
        className="rec-when"
        // The exact time is written when the pointer arrives (a title shows after a hover): a page's first
        // render then formats no absolute time, and needs no Intl (see formatNumber).
        onPointerEnter={(e) => {
          e.currentTarget.title ||= exactTime(r.start_time)
        }}
        aria-label={r.viewed ? undefined : `${when}, ${who}, not viewed`}
      >
        {`${when}\n${who}`}
      </a>
      {r.ongoing && <span className="badge badge-blue">Ongoing</span>}
    </>
  )
}

const COLUMNS: Column[] = [
  { key: 'url', header: 'Start URL', cell: (r, href) => <StartUrlCell value={r.start_url} href={href} /> },
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
    cell: (r) => formatDuration(r.active_seconds),
  },
  { key: 'clicks', header: 'Clicks', numeric: true, sort: 'click_count', cell: (r) => <Count value={r.click_count} /> },
  { key: 'keys', header: 'Keys', numeric: true, cell: (r) => <Count value={r.keypress_count} /> },
  { key: 'mouse', header: 'Mouse', numeric: true, cell: (r) => <Count value={r.mouse_activity_count} /> },
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
    cell: (r) => <Count value={r.console_warn_count} tone="amber" />,
  },
  {
    key: 'score',
    header: 'Activity',
    numeric: true,
    sort: 'activity_score',
    cell: (r) => formatScore(r.activity_score),
  },
]

const cellClass = (c: Column) => [c.numeric && 'num', `rec-col-${c.key}`].filter(Boolean).join(' ')

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

/** A row is at least this tall: the first render draws the rows a window of its height can show. */
const MIN_ROW_HEIGHT = 36

/**
 * The rows to draw: when the table first has rows, the ones that fit in the window, then all of them in
 * a deferred render right after (React's initial value of a deferred value). The first screen of a cold
 * load then waits for a third of the rows' work (at 50 rows, with the rows' code still cold); a page
 * that replaces one already shown renders whole.
 */
function useFirstScreenful<T>(rows: T[] | undefined): T[] | undefined {
  const screenful = Math.max(1, Math.ceil(window.innerHeight / MIN_ROW_HEIGHT))
  const limit = useDeferredValue(rows?.length ?? screenful, screenful)
  return rows?.slice(0, limit)
}

/** A plain left click, which a link opens in the page (anything else opens where the browser says). */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)

/** The recordings table: compact rows, selection, keyboard-active row, sortable headers. */
export function RecordingsTable(props: Props) {
  const { rows, loading, stale, detailHref, activeId, selected } = props
  const navigate = useNavigate()
  const columns = useRecordingColumns()
  const shown = COLUMNS.filter((c) => columns.visible.includes(c.key))
  const { field, descending } = splitSort(props.sort ?? DEFAULT_SORT)
  const allSelected = Boolean(rows?.length) && rows!.every((r) => selected.has(r.id))
  const someSelected = !allSelected && Boolean(rows?.some((r) => selected.has(r.id)))

  const drawn = useFirstScreenful(rows)

  const openRow = (event: MouseEvent, id: string) => {
    const target = event.target as HTMLElement
    // The row's own links (when and start URL) navigate in the page, as a router Link does.
    const link = target.closest<HTMLAnchorElement>('a[data-row-link]')
    if (link) {
      if (plainClick(event) && !event.defaultPrevented) {
        event.preventDefault()
        navigate(link.getAttribute('href')!)
      }
      return
    }
    if (target.closest(interactive) || window.getSelection()?.toString()) return
    navigate(detailHref(id))
  }

  const ariaSort = (sort: RecordingOrder) =>
    field === sort ? (descending ? ('descending' as const) : ('ascending' as const)) : undefined
  // First click sorts highest first: "most errors" is what triage wants.
  const sortButton = (label: string, sort: RecordingOrder) => {
    const active = field === sort
    return (
      <button
        type="button"
        className="th-sort"
        onClick={() => props.onSortChange(active && descending ? sort : `-${sort}`)}
      >
        {label}
        {active && (descending ? <ArrowDown size={12} aria-hidden /> : <ArrowUp size={12} aria-hidden />)}
      </button>
    )
  }
  const header = (c: Column) => (
    <th key={c.key} scope="col" className={cellClass(c)} aria-sort={c.sort ? ariaSort(c.sort) : undefined}>
      {c.sort ? sortButton(c.header, c.sort) : c.header}
    </th>
  )

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
            <th scope="col" className="rec-col-start" aria-sort={ariaSort('start_time')}>
              {sortButton('Start', 'start_time')}
            </th>
            {shown.map(header)}
            <th scope="col" className="rec-menu-col">
              <span className="visually-hidden">Actions</span>
              <ColumnChooser visible={columns.visible} onToggle={columns.toggle} onReset={columns.reset} />
            </th>
          </tr>
        </thead>
        <tbody className={stale ? 'stale' : undefined}>
          {loading
            ? Array.from({ length: props.skeletonRows }, (_, i) => (
                <tr key={i} aria-hidden>
                  <td colSpan={shown.length + 3}>
                    <Skeleton height={14} />
                  </td>
                </tr>
              ))
            : drawn?.map((r) => (
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
                  <td className="rec-col-start">
                    <StartCell r={r} href={detailHref(r.id)} />
                  </td>
                  {shown.map((c) => (
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
