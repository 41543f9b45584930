import { recordingsQuery } from '../../contracts/session-recordings'
import { resolveDate } from '../../contracts/recording-filters'
import type { RecordingOrder } from '../../contracts/recording-orders'
import type { RecordingListParams } from '../../api/recordings-query'
import { toPage } from '../../lib/page'
import { parseListParams, splitSort } from '../../lib/list-params'
import {
  DEFAULT_SORT,
  FILTER_KEYS,
  LIST_OPTIONS,
  isRecordingOrder,
  listRequest,
  type Filters,
} from './recording-list-request'

export * from './recording-list-request'

/** Reads the filters, dropping any value the server would refuse. */
export function parseFilters(search: URLSearchParams): Filters {
  const filters: Filters = {}
  for (const key of FILTER_KEYS) {
    const value = search.get(key)
    if (value !== null && recordingsQuery.shape[key].safeParse(value).success) filters[key] = value
  }
  return filters
}

/** Writes filters back (empty ones removed); the page goes back to 1 because the rows change. */
export function writeFilters(search: URLSearchParams, filters: Filters): URLSearchParams {
  const out = new URLSearchParams(search)
  for (const key of FILTER_KEYS) {
    const value = filters[key]
    if (value === undefined || value === '') out.delete(key)
    else out.set(key, value)
  }
  out.delete('page')
  return out
}

// The console's sort and the AI helper's `order` put the `-` on opposite ends: here it means
// descending (`-duration` = longest first), there ascending.
const flipSign = (value: string) => (value.startsWith('-') ? value.slice(1) : `-${value}`)

/** The AI helper's `order` (the reference server's short form) as the console's sort, or null when it names no known field. */
export const orderToSort = (order: string): string | null =>
  isRecordingOrder(order.replace(/^-/, '')) ? flipSign(order) : null

export const SORT_LABELS: Record<RecordingOrder, string> = {
  start_time: 'start time',
  duration: 'duration',
  active_seconds: 'active time',
  console_error_count: 'console errors',
  activity_score: 'activity score',
  click_count: 'clicks',
}

const SORT_WORDS: Record<RecordingOrder, [descending: string, ascending: string]> = {
  start_time: ['newest first', 'oldest first'],
  duration: ['longest first', 'shortest first'],
  active_seconds: ['most active time first', 'least active time first'],
  console_error_count: ['most console errors first', 'fewest console errors first'],
  activity_score: ['highest activity score first', 'lowest activity score first'],
  click_count: ['most clicks first', 'fewest clicks first'],
}

/** "longest first", "newest first", "most console errors first". */
export function describeSort(sort: string | null): string {
  const { field, descending } = splitSort(sort ?? DEFAULT_SORT)
  const words = SORT_WORDS[field && isRecordingOrder(field) ? field : 'start_time']
  return words[descending ? 0 : 1]
}

/** The list request a recordings URL's search makes, read as the page reads it. */
export function listRequestOf(search: URLSearchParams): RecordingListParams {
  const { page, pageSize, sort } = parseListParams(search, LIST_OPTIONS)
  return listRequest(toPage(page, pageSize), sort, parseFilters(search))
}

const UNIT_WORDS = { h: 'hour', d: 'day', w: 'week', m: 'month' } as const

/** `-7d` → "Last 7 days", `-1d` → "Last day". */
export function describeRelative(value: string): string | null {
  const m = /^-(\d+)([hdwm])$/.exec(value)
  if (!m) return null
  const n = Number(m[1])
  const unit = UNIT_WORDS[m[2] as keyof typeof UNIT_WORDS]
  return n === 1 ? `Last ${unit}` : `Last ${n} ${unit}s`
}

export const hasFilters = (filters: Filters) => FILTER_KEYS.some((key) => filters[key] !== undefined)

/**
 * Why the date range can match nothing (it ends before it starts), or null. Read as the server reads
 * it: a date-only To covers its whole UTC day, `-7d` counts back from now.
 */
export function dateRangeError(filters: Filters, now = Date.now()): string | null {
  const { date_from: from, date_to: to } = filters
  if (!from || !to) return null
  const start = resolveDate(from, false, now)
  const end = resolveDate(to, true, now)
  // `all` and `null` are no bound at all.
  if (start === null || end === null || start < end) return null
  const shown = from.startsWith('-') ? `${from.slice(1)} ago` : from
  return `Ends before From (${shown}): no recording can match.`
}
