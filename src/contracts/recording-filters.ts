import { RELATIVE, withZone } from './recording-dates'
import type { RecordingsQuery, SessionRecording } from './session-recordings'

const HOUR = 3_600_000
const DAY = 24 * HOUR

function shift(now: number, n: number, unit: string): Date {
  const d = new Date(now)
  if (unit === 'h') d.setTime(now - n * HOUR)
  else if (unit === 'd') d.setTime(now - n * DAY)
  else if (unit === 'w') d.setTime(now - n * 7 * DAY)
  else if (unit === 'q') d.setTime(now - n * 13 * 7 * DAY)
  else if (unit === 'M') d.setTime(now - n * 60_000)
  else if (unit === 's') d.setTime(now - n * 1000)
  else if (unit === 'm') d.setUTCMonth(d.getUTCMonth() - n)
  else if (unit === 'y') d.setUTCFullYear(d.getUTCFullYear() - n)
  return d
}

/** The first instant of the hour/day/month/year holding `d` (UTC). */
function startOf(d: Date, unit: string): number {
  const y = d.getUTCFullYear()
  const mo = d.getUTCMonth()
  if (unit === 'h') return Date.UTC(y, mo, d.getUTCDate(), d.getUTCHours())
  if (unit === 'd') return Date.UTC(y, mo, d.getUTCDate())
  if (unit === 'm') return Date.UTC(y, mo, 1)
  if (unit === 'y') return Date.UTC(y, 0, 1)
  return d.getTime()
}

/** The first instant after the hour/day/month/year holding `d`. */
function endOf(d: Date, unit: string): number {
  const y = d.getUTCFullYear()
  const mo = d.getUTCMonth()
  if (unit === 'h') return Date.UTC(y, mo, d.getUTCDate(), d.getUTCHours() + 1)
  if (unit === 'd') return Date.UTC(y, mo, d.getUTCDate() + 1)
  if (unit === 'm') return Date.UTC(y, mo + 1, 1)
  if (unit === 'y') return Date.UTC(y + 1, 0, 1)
  return d.getTime()
}

/**
 * A `date_from`/`date_to` value as epoch ms, or null for no bound. A `date_to` (`end`) of a whole
 * date, or ending in `End`, reaches to the end of that day/unit; ranges are [from, to).
 */
export function resolveDate(value: string, end: boolean, now: number): number | null {
  if (value === 'all' || value === 'null') return null
  const rel = RELATIVE.exec(value)
  if (rel) {
    const [, n, unit = 'd', position] = rel
    const shifted = shift(now, Number(n ?? 0), unit)
    if (position === 'Start') return startOf(shifted, unit)
    if (position === 'End') return endOf(shifted, unit)
    return shifted.getTime()
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return Date.parse(`${value}T00:00:00Z`) + (end ? DAY : 0)
  return Date.parse(withZone(value))
}

/**
 * What each recordings-list filter means, declared once (imported by path, not through the contracts
 * barrel, so only the recordings page and the server carry it): the server turns these rules into SQL
 * (server/db/recordings.ts maps every field to a column) and the console applies the same rules to a
 * page an upstream left unfiltered (features/session-recordings/page-only.ts reads every field from a
 * row with `read`).
 *
 * A rule holds when ANY of its conditions holds; a recording is listed when EVERY rule holds. Counts
 * and durations the recording lacks compare as 0; a missing text never equals anything.
 */
export const RECORDING_FIELDS = {
  id: { kind: 'text', read: (r: SessionRecording) => r.id },
  distinct_id: { kind: 'text', read: (r: SessionRecording) => r.distinct_id },
  person_uuid: { kind: 'text', read: (r: SessionRecording) => r.person?.uuid ?? null },
  snapshot_source: { kind: 'text', read: (r: SessionRecording) => r.snapshot_source },
  start_url: { kind: 'text', read: (r: SessionRecording) => r.start_url },
  viewed: { kind: 'boolean', read: (r: SessionRecording) => r.viewed },
  start_time: { kind: 'number', read: (r: SessionRecording) => Date.parse(r.start_time) },
  recording_duration: { kind: 'number', read: (r: SessionRecording) => r.recording_duration },
  active_seconds: { kind: 'number', read: (r: SessionRecording) => r.active_seconds },
  inactive_seconds: { kind: 'number', read: (r: SessionRecording) => r.inactive_seconds },
  click_count: { kind: 'number', read: (r: SessionRecording) => r.click_count },
  keypress_count: { kind: 'number', read: (r: SessionRecording) => r.keypress_count },
  mouse_activity_count: { kind: 'number', read: (r: SessionRecording) => r.mouse_activity_count },
  console_log_count: { kind: 'number', read: (r: SessionRecording) => r.console_log_count },
  console_warn_count: { kind: 'number', read: (r: SessionRecording) => r.console_warn_count },
  console_error_count: { kind: 'number', read: (r: SessionRecording) => r.console_error_count },
  activity_score: { kind: 'number', read: (r: SessionRecording) => r.activity_score },
} as const
export type RecordingField = keyof typeof RECORDING_FIELDS

/**
 * `icontains`: the text holds the value, ignoring case; `regex`: the text matches the value as a
 * regular expression, case-sensitive (PostHog's `$current_url` operators). A missing text matches neither.
 */
export type Comparison = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'not_in' | 'icontains' | 'regex'
export type ConditionValue = number | boolean | string | string[]
export interface Condition {
  field: RecordingField
  op: Comparison
  value: ConditionValue
}
export interface FilterRule {
  /** The query parameter the rule came from, so a page can say which filter it applied itself. */
  param: string
  any: Condition[]
}

/**
 * What the rules read: the console's filters, and the server's PostHog-form ones already read into
 * conditions (recordings-list-query.ts): each duration/source predicate one condition, each console
 * level filter the counts of which one must be non-zero.
 */
export interface RuleInput extends Partial<
  Pick<
    RecordingsQuery,
    'date_from' | 'date_to' | 'viewed' | 'min_duration' | 'has_console_errors' | 'start_url' | 'start_url_regex'
  >
> {
  having_predicates?: Condition[]
  /** PostHog's URL property filters (`$current_url`, `$entry_current_url`) on the start URL: each any of its values. */
  properties?: Condition[][]
  console_log_filters?: RecordingField[][]
  operand?: 'AND' | 'OR'
  person_uuid?: string
  session_ids?: string[]
  distinct_ids?: string[]
}

const one = (param: string, field: RecordingField, op: Comparison, value: ConditionValue): FilterRule => ({
  param,
  any: [{ field, op, value }],
})

/** The rules a list query asks for, with relative dates resolved against `now`. */
export function recordingRules(q: RuleInput, now: number): FilterRule[] {
  const rules: FilterRule[] = []
  const from = q.date_from === undefined ? null : resolveDate(q.date_from, false, now)
  const to = q.date_to === undefined ? null : resolveDate(q.date_to, true, now)
  if (from !== null) rules.push(one('date_from', 'start_time', 'gte', from))
  if (to !== null) rules.push(one('date_to', 'start_time', 'lt', to))
  if (q.viewed !== undefined) rules.push(one('viewed', 'viewed', 'eq', q.viewed))
  if (q.min_duration !== undefined) rules.push(one('min_duration', 'recording_duration', 'gte', q.min_duration))
  if (q.has_console_errors !== undefined)
    rules.push(one('has_console_errors', 'console_error_count', q.has_console_errors ? 'gt' : 'lte', 0))
  if (q.start_url !== undefined) rules.push(one('start_url', 'start_url', 'icontains', q.start_url))
  if (q.start_url_regex !== undefined) rules.push(one('start_url_regex', 'start_url', 'regex', q.start_url_regex))
  for (const c of q.having_predicates ?? []) rules.push({ param: 'having_predicates', any: [c] })
  for (const any of q.properties ?? []) rules.push({ param: 'properties', any })
  // Each level filter holds when the recording logged at any of its levels; the operand joins the filters.
  const logRules = (q.console_log_filters ?? []).map((counts) => ({
    param: 'console_log_filters',
    any: counts.map((field): Condition => ({ field, op: 'gt', value: 0 })),
  }))
  if (q.operand === 'OR' && logRules.length > 1)
    rules.push({ param: 'console_log_filters', any: logRules.flatMap((r) => r.any) })
  else rules.push(...logRules)
  if (q.person_uuid !== undefined) rules.push(one('person_uuid', 'person_uuid', 'eq', q.person_uuid.toLowerCase()))
  if (q.session_ids !== undefined) rules.push(one('session_ids', 'id', 'in', q.session_ids))
  if (q.distinct_ids !== undefined) rules.push(one('distinct_ids', 'distinct_id', 'in', q.distinct_ids))
  return rules
}

const patterns = new Map<string, RegExp>()
/** A filter's pattern compiled once (it is checked against every row of a page). */
function compiled(pattern: string): RegExp {
  let re = patterns.get(pattern)
  if (!re) {
    if (patterns.size > 50) patterns.clear()
    re = new RegExp(pattern)
    patterns.set(pattern, re)
  }
  return re
}

function compare(actual: string | number | boolean | null, op: Comparison, value: ConditionValue): boolean {
  if (Array.isArray(value)) {
    const found = typeof actual === 'string' && value.includes(actual)
    return op === 'not_in' ? !found : found
  }
  if (op === 'icontains' || op === 'regex') {
    if (typeof actual !== 'string' || typeof value !== 'string') return false
    return op === 'icontains' ? actual.toLowerCase().includes(value.toLowerCase()) : compiled(value).test(actual)
  }
  if (op === 'eq') return actual === value
  if (op === 'ne') return actual !== value
  if (typeof actual !== 'number' || typeof value !== 'number') return false
  if (op === 'gt') return actual > value
  if (op === 'gte') return actual >= value
  if (op === 'lt') return actual < value
  return actual <= value
}

/** Whether one row passes one condition, by the rules above. */
export function meetsCondition(r: SessionRecording, c: Condition): boolean {
  const field = RECORDING_FIELDS[c.field]
  const raw = field.read(r)
  return compare(field.kind === 'number' ? (raw ?? 0) : raw, c.op, c.value)
}

/** Whether one row passes a rule: any of its conditions. */
export const meetsRule = (r: SessionRecording, rule: FilterRule) => rule.any.some((c) => meetsCondition(r, c))
