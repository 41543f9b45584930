import { ChevronLeft, ChevronRight } from 'lucide-react'
import { describeRange, toPage } from '../lib/page'
import { Select } from './field'

type PaginationProps = {
  page: number
  pageSize: number
  pageSizes: readonly number[]
  /** Rows on this page. */
  shown: number
  /** Total, or null when the server does not say (PostHog's `has_next` lists). */
  count: number | null
  hasNext: boolean
  onPageChange: (page: number) => void
  onPageSizeChange: (size: number) => void
  note?: string
}

/** Footer: "1–100 of 2,431", rows per page, previous/next. */
export function Pagination(props: PaginationProps) {
  const { page, pageSize, pageSizes, shown, count, hasNext, onPageChange, onPageSizeChange, note } = props
  return (
    <div className="pagination">
      <span className="pagination-range num" aria-live="polite">
        {describeRange(toPage(page, pageSize), shown, count)}
        {note && <span className="muted"> · {note}</span>}
      </span>
      <label className="pagination-size">
        <span className="muted">Rows per page</span>
        <Select value={pageSize} onChange={(e) => onPageSizeChange(Number(e.target.value))}>
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </Select>
      </label>
      <div className="pagination-nav">
        <button
          type="button"
          className="icon-btn bordered"
          aria-label="Previous page"
          title="Previous page"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeft size={16} aria-hidden />
        </button>
        <button
          type="button"
          className="icon-btn bordered"
          aria-label="Next page"
          title="Next page"
          disabled={!hasNext}
          onClick={() => onPageChange(page + 1)}
        >
          <ChevronRight size={16} aria-hidden />
        </button>
      </div>
    </div>
  )
}
