import type { MouseEvent, ReactNode } from 'react'
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import { useNavigate } from 'react-router-dom'
import { splitSort } from '../lib/list-params'
import { Skeleton } from './skeleton'

export type Column<T> = {
  key: string
  header: ReactNode
  cell: (row: T) => ReactNode
  align?: 'left' | 'right'
  width?: string
  /** Sort field for `?sort=` (click toggles ascending/descending). */
  sortField?: string
  /** Hidden on narrow screens. */
  secondary?: boolean
}

type TableProps<T> = {
  label: string
  columns: Column<T>[]
  rows: T[] | undefined
  rowKey: (row: T) => string
  /** Shows skeleton rows of the final height while the first page loads. */
  loading?: boolean
  skeletonRows?: number
  /** Whole row opens this (the cell should also hold a real link for middle-click). */
  rowHref?: (row: T) => string
  sort?: string | null
  onSortChange?: (sort: string) => void
  empty?: ReactNode
  /** Dims rows while a new page is on its way. */
  stale?: boolean
}

const interactive = 'a, button, input, select, textarea, label, [role="switch"]'

export function Table<T>(props: TableProps<T>) {
  const { label, columns, rows, rowKey, loading, skeletonRows = 8, rowHref, sort, onSortChange, empty, stale } = props
  const navigate = useNavigate()
  const { field, descending } = splitSort(sort ?? null)

  const openRow = (event: MouseEvent<HTMLTableRowElement>, row: T) => {
    if (!rowHref || (event.target as HTMLElement).closest(interactive)) return
    if (window.getSelection()?.toString()) return
    navigate(rowHref(row))
  }

  const cls = (c: Column<T>) => [c.align === 'right' ? 'num' : '', c.secondary ? 'secondary-col' : ''].join(' ')

  return (
    <div className="table-wrap">
      <table className="table" aria-label={label} aria-busy={loading || stale || undefined}>
        <thead>
          <tr>
            {columns.map((c) => {
              const active = c.sortField !== undefined && c.sortField === field
              return (
                <th
                  key={c.key}
                  scope="col"
                  className={cls(c)}
                  style={{ width: c.width }}
                  aria-sort={active ? (descending ? 'descending' : 'ascending') : undefined}
                >
                  {c.sortField && onSortChange ? (
                    <button
                      type="button"
                      className="th-sort"
                      onClick={() => onSortChange(active && !descending ? `-${c.sortField}` : c.sortField!)}
                    >
                      {c.header}
                      {active ? (
                        descending ? (
                          <ArrowDown size={12} aria-hidden />
                        ) : (
                          <ArrowUp size={12} aria-hidden />
                        )
                      ) : (
                        <ArrowUpDown size={12} aria-hidden className="muted" />
                      )}
                    </button>
                  ) : (
                    c.header
                  )}
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody className={stale ? 'stale' : undefined}>
          {loading
            ? Array.from({ length: skeletonRows }, (_, i) => (
                <tr key={i} aria-hidden>
                  {columns.map((c) => (
                    <td key={c.key} className={cls(c)}>
                      <Skeleton width={c.align === 'right' ? 40 : '70%'} />
                    </td>
                  ))}
                </tr>
              ))
            : rows?.map((row) => (
                <tr key={rowKey(row)} className={rowHref ? 'row-link' : undefined} onClick={(e) => openRow(e, row)}>
                  {columns.map((c) => (
                    <td key={c.key} className={cls(c)}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
        </tbody>
      </table>
      {!loading && rows?.length === 0 && empty}
    </div>
  )
}
