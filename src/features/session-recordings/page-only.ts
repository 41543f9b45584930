import { recordingsQuery, resolveDate, type RecordingOrder, type SessionRecording } from '../../contracts'
import { splitSort } from '../../lib/list-params'
import { DEFAULT_SORT, SORT_LABELS, isRecordingOrder, type Filters } from './recording-list-params'

/**
 * The reference server filters and sorts everything itself, but a PostHog upstream (proxy mode) may
 * ignore some parameters. Rather than show a silently partial list, each page is checked: whatever
 * the server did not apply is applied here, to this page only, and named so the page can say so.
 */
export type CheckedPage = { rows: SessionRecording[]; pageOnly: string[] }

type Predicate = (r: SessionRecording) => boolean

/** Each filter asked for, named as the page states it, with the test a row must pass. */
function predicates(filters: Filters, now: number): [label: string, keep: Predicate][] {
  // The contract reads the URL's strings as the server does ('1' or 'true', whole seconds).
  const { viewed, has_console_errors: errors, min_duration: min, date_from, date_to } = recordingsQuery.parse(filters)
  const out: [string, Predicate][] = []
  if (viewed !== undefined) out.push(['viewed filter', (r) => r.viewed === viewed])
  if (errors !== undefined) out.push(['console errors filter', (r) => (r.console_error_count ?? 0) > 0 === errors])
  if (min !== undefined) out.push(['minimum duration', (r) => r.recording_duration >= min])
  if (date_from) {
    const from = resolveDate(date_from, false, now)
    out.push(['date range', (r) => Date.parse(r.start_time) >= from])
  }
  if (date_to) {
    const to = resolveDate(date_to, true, now)
    out.push(['date range', (r) => Date.parse(r.start_time) < to])
  }
  return out
}

/** The value a sort compares; missing numbers sort lowest, as the server's SQL does. */
function sortValue(r: SessionRecording, field: RecordingOrder): number {
  const value =
    field === 'start_time' ? Date.parse(r.start_time) : field === 'duration' ? r.recording_duration : r[field]
  return value ?? Number.NEGATIVE_INFINITY
}

export function checkPage(
  rows: SessionRecording[],
  filters: Filters,
  sort: string | null,
  now = Date.now(),
): CheckedPage {
  const pageOnly: string[] = []
  let kept = rows
  for (const [label, keep] of predicates(filters, now)) {
    if (kept.every(keep)) continue
    kept = kept.filter(keep)
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
