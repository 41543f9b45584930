import { recordingsQuery } from '../../contracts/session-recordings'
import { formatDuration } from '../../lib/time'
import {
  FILTER_KEYS,
  describeRelative,
  describeSort,
  orderToSort,
  type FilterKey,
  type Filters,
} from './recording-list-params'

export type Suggestion = {
  /** The sort to switch to, or null to keep the current one. */
  sort: string | null
  filters: Filters
  /** What the user is asked to apply, in words. */
  rows: { label: string; value: string }[]
  /** Parameters this console cannot apply (unknown or invalid), shown, never applied silently. */
  ignored: string[]
}

const LABELS: Record<FilterKey, string> = {
  viewed: 'Viewed',
  has_console_errors: 'Console errors',
  min_duration: 'Minimum duration',
  date_from: 'Started after',
  date_to: 'Started before',
  start_url: 'Start URL contains',
  start_url_regex: 'Start URL matches',
}

const describeDate = (value: string) => describeRelative(value)?.replace(/^Last /, '') ?? value

function describe(key: FilterKey, value: string): string {
  const yes = value === 'true' || value === '1'
  if (key === 'viewed') return yes ? 'Viewed only' : 'Unviewed only'
  if (key === 'has_console_errors') return yes ? 'With errors' : 'Without errors'
  if (key === 'min_duration') return `${formatDuration(Number(value))} or longer`
  return value.startsWith('-') ? `${describeDate(value)} ago` : value
}

/** Reads the filters helper's answer (list query parameters) into what the browser can apply. */
export function readSuggestion(params: Record<string, string>): Suggestion {
  const out: Suggestion = { sort: null, filters: {}, rows: [], ignored: [] }
  for (const [key, value] of Object.entries(params)) {
    if (key === 'order') {
      const sort = orderToSort(value)
      if (sort === null) out.ignored.push(`${key}=${value}`)
      else {
        out.sort = sort
        out.rows.push({ label: 'Sort', value: describeSort(sort) })
      }
    } else if (
      (FILTER_KEYS as readonly string[]).includes(key) &&
      recordingsQuery.shape[key as FilterKey].safeParse(value).success
    ) {
      out.filters[key as FilterKey] = value
      out.rows.push({ label: LABELS[key as FilterKey], value: describe(key as FilterKey, value) })
    } else {
      out.ignored.push(`${key}=${value}`)
    }
  }
  return out
}
