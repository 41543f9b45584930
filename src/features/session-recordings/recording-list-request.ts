import type { RecordingFilters } from '../../contracts/session-recordings'
import { RECORDING_ORDERS, type RecordingOrder } from '../../contracts/recording-orders'
import { recordingListParams, type RecordingListParams } from '../../api/recordings-query'
import type { Page } from '../../lib/page'
import { splitSort, type ListParamsOptions } from '../../lib/list-params'

// Without the contracts' schemas (types aside), so index.html's first requests can write the list request
// the page makes (src/app/first-requests.ts); reading filters from a URL is recording-list-params.ts's.

/**
 * The browser's state in the URL: `page`, `page_size`, `sort` (the console's convention: `-` means
 * descending) and the server's own filter names (`viewed`, `has_console_errors`, `min_duration`,
 * `date_from`, `date_to`, `start_url`, `start_url_regex`), so a filtered view is a link anyone can open.
 */
export const DEFAULT_SORT = '-start_time'
/** Pages of up to 100 rows (PAGE_SIZES, as every list); rows are light (about 1,400 elements at 100). */
export const DEFAULT_PAGE_SIZE = 50
export const LIST_OPTIONS: ListParamsOptions = {
  defaultPageSize: DEFAULT_PAGE_SIZE,
  sorts: RECORDING_ORDERS,
  defaultSort: DEFAULT_SORT,
}

export const FILTER_KEYS = [
  'viewed',
  'has_console_errors',
  'min_duration',
  'date_from',
  'date_to',
  'start_url',
  'start_url_regex',
] as const
export type FilterKey = (typeof FILTER_KEYS)[number]
export type Filters = Partial<Record<FilterKey, string>>

/** Whether a field is one the server can order by. */
export const isRecordingOrder = (field: string): field is RecordingOrder =>
  (RECORDING_ORDERS as readonly string[]).includes(field)

/** What one list request asks the server for (in PostHog's form: see api/recordings-query.ts). */
export function listRequest(page: Page, sort: string | null, filters: Filters): RecordingListParams {
  const { field, descending } = splitSort(sort ?? DEFAULT_SORT)
  const order = field && isRecordingOrder(field) ? field : 'start_time'
  return recordingListParams({ page, order, descending, filters: filters as RecordingFilters })
}
