import type { RecordingFilters, RecordingOrder } from '../contracts/session-recordings'
import type { Page } from '../lib/page'
import { upstreamIsPostHog } from './upstream'

/** A page of recordings as the console asks for it: its window, order and filters (the URL's own form). */
export type RecordingListView = { page: Page; order: RecordingOrder; descending: boolean; filters: RecordingFilters }

/** One list request's query string values (also its cache key). */
export type RecordingListParams = Record<string, string | number>

const isTrue = (value: string | boolean | undefined) => value === true || value === 'true' || value === '1'

/**
 * The list request in PostHog's RecordingsQuery form, as PostHog's list endpoint reads it
 * (posthog/session_recordings/session_recording_api.py: each value JSON-decoded, then validated as
 * a RecordingsQuery, which refuses fields it does not know): `order` and `order_direction`, dates,
 * the minimum duration as a `having_predicates` duration filter, "has console errors" as a
 * `console_log_filters` level filter, the start URL as a `properties` filter on the session's entry URL
 * (`$entry_current_url`, `icontains` or `regex` as PostHog's URL filters). The reference server reads
 * the same form.
 *
 * PostHog's query has no field for "viewed" or for "no console errors": those go, in the reference
 * server's own terms, only to the reference server. Against a real PostHog the console applies them
 * to the page it shows and says so (page-only.ts).
 */
export function recordingListParams(view: RecordingListView, postHog = upstreamIsPostHog()): RecordingListParams {
  const { page, order, descending, filters } = view
  const params: RecordingListParams = {
    limit: page.limit,
    offset: page.offset,
    order,
    order_direction: descending ? 'DESC' : 'ASC',
    // PostHog's list starts three days back without one; the console's "any time" means every recording.
    date_from: filters.date_from ?? 'all',
  }
  if (filters.date_to !== undefined) params.date_to = filters.date_to
  if (filters.min_duration !== undefined)
    params.having_predicates = JSON.stringify([
      { type: 'recording', key: 'duration', operator: 'gte', value: Number(filters.min_duration) },
    ])
  const errors = filters.has_console_errors
  if (errors !== undefined && isTrue(errors))
    params.console_log_filters = JSON.stringify([
      { type: 'log_entry', key: 'level', operator: 'exact', value: ['error'] },
    ])
  const urlRegex = filters.start_url_regex
  const url = urlRegex ?? filters.start_url
  if (url !== undefined)
    params.properties = JSON.stringify([
      {
        type: 'session',
        key: '$entry_current_url',
        operator: urlRegex !== undefined ? 'regex' : 'icontains',
        value: url,
      },
    ])
  if (!postHog) {
    if (filters.viewed !== undefined) params.viewed = String(filters.viewed)
    if (errors !== undefined && !isTrue(errors)) params.has_console_errors = String(errors)
  }
  return params
}
