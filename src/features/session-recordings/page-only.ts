import {
  recordingsQuery,
  ORDER_FIELDS,
  type RecordingOrder,
  type SessionRecording,
} from '../../contracts/session-recordings'
import { meetsRule, recordingRules, RECORDING_FIELDS } from '../../contracts/recording-filters'
import { splitSort } from '../../lib/list-params'
import { DEFAULT_SORT, SORT_LABELS, isRecordingOrder, type Filters } from './recording-list-params'

/**
 * The reference server filters and sorts everything itself, but a PostHog upstream (proxy mode) may
 * ignore some parameters. Rather than show a silently partial list, each page is checked: whatever
 * the server did not apply is applied here, to this page only, and named so the page can say so.
 * What each filter means is the contract's (recordingRules), the same rules the server's SQL applies.
 */
export type CheckedPage = { rows: SessionRecording[]; pageOnly: string[] }

/** How the page names each filter it had to apply itself. */
const FILTER_LABELS: Record<string, string> = {
  viewed: 'viewed filter',
  has_console_errors: 'console errors filter',
  min_duration: 'minimum duration',
  date_from: 'date range',
  date_to: 'date range',
  start_url: 'start URL filter',
  start_url_regex: 'start URL filter',
}

/** The value a sort compares; missing numbers sort lowest, as the server's SQL does. */
function sortValue(r: SessionRecording, order: RecordingOrder): number {
  const value = RECORDING_FIELDS[ORDER_FIELDS[order]].read(r)
  return typeof value === 'number' ? value : Number.NEGATIVE_INFINITY
}

export function checkPage(
  rows: SessionRecording[],
  filters: Filters,
  sort: string | null,
  now = Date.now(),
): CheckedPage {
  const pageOnly: string[] = []
  let kept = rows
  // The contract reads the URL's strings as the server does ('1' or 'true', whole seconds).
  for (const rule of recordingRules(recordingsQuery.parse(filters), now)) {
    if (kept.every((r) => meetsRule(r, rule))) continue
    kept = kept.filter((r) => meetsRule(r, rule))
    const label = FILTER_LABELS[rule.param] ?? rule.param
    if (!pageOnly.includes(label)) pageOnly.push(label)
  }
  const { field, descending } = splitSort(sort ?? DEFAULT_SORT)
  if (field && isRecordingOrder(field)) {
    const direction = descending ? -1 : 1
    const compare = (a: SessionRecording, b: SessionRecording) =>
      direction * Math.sign(sortValue(a, field) - sortValue(b, field) || 0)
    const inOrder = kept.every((r, i) => i === 0 || compare(kept[i - 1]!, r) <= 0)
    if (!inOrder) {
      kept = [...kept].sort(compare)
      pageOnly.push(`sort by ${SORT_LABELS[field]}`)
    }
  }
  return { rows: kept, pageOnly }
}
