import { resolveDate } from './recording-dates'
import type { RecordingsQuery, SessionRecording } from './session-recordings'

/**
 * What each recordings-list filter means, declared once: the server turns these rules into SQL
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

export type Comparison = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'not_in'
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

/** PostHog's having_predicates operators (posthog/schema.py PropertyOperator) this server evaluates. */
export const PREDICATE_OPERATORS = { exact: 'eq', is_not: 'ne', gt: 'gt', gte: 'gte', lt: 'lt', lte: 'lte' } as const
/** having_predicates keys: PostHog's `duration` is the recording's duration. */
export const PREDICATE_FIELDS = {
  duration: 'recording_duration',
  active_seconds: 'active_seconds',
  inactive_seconds: 'inactive_seconds',
  snapshot_source: 'snapshot_source',
} as const
/** console_log_filters levels (PostHog's FilterableLogLevel) and the count each one means. */
export const LOG_LEVEL_COUNTS = {
  info: 'console_log_count',
  log: 'console_log_count',
  warn: 'console_warn_count',
  error: 'console_error_count',
} as const

const one = (param: string, field: RecordingField, op: Comparison, value: ConditionValue): FilterRule => ({
  param,
  any: [{ field, op, value }],
})

/** The rules a list query asks for, with relative dates resolved against `now`. */
export function recordingRules(q: RecordingsQuery, now: number): FilterRule[] {
  const rules: FilterRule[] = []
  const from = q.date_from === undefined ? null : resolveDate(q.date_from, false, now)
  const to = q.date_to === undefined ? null : resolveDate(q.date_to, true, now)
  if (from !== null) rules.push(one('date_from', 'start_time', 'gte', from))
  if (to !== null) rules.push(one('date_to', 'start_time', 'lt', to))
  if (q.viewed !== undefined) rules.push(one('viewed', 'viewed', 'eq', q.viewed))
  if (q.min_duration !== undefined) rules.push(one('min_duration', 'recording_duration', 'gte', q.min_duration))
  if (q.has_console_errors !== undefined)
    rules.push(one('has_console_errors', 'console_error_count', q.has_console_errors ? 'gt' : 'lte', 0))
  for (const p of q.having_predicates ?? []) {
    const field = PREDICATE_FIELDS[p.key]
    const value = Array.isArray(p.value) ? p.value.map(String) : p.value
    const op = Array.isArray(value) ? (p.operator === 'is_not' ? 'not_in' : 'in') : PREDICATE_OPERATORS[p.operator]
    rules.push(one('having_predicates', field, op, value))
  }
  // Each level filter holds when the recording logged at any of its levels; the operand joins the filters.
  const logRules = (q.console_log_filters ?? []).map((f) => ({
    param: 'console_log_filters',
    any: [...new Set(f.value.map((level) => LOG_LEVEL_COUNTS[level]))].map((field): Condition => ({
      field,
      op: 'gt',
      value: 0,
    })),
  }))
  if (q.operand === 'OR' && logRules.length > 1)
    rules.push({ param: 'console_log_filters', any: logRules.flatMap((r) => r.any) })
  else rules.push(...logRules)
  if (q.person_uuid !== undefined) rules.push(one('person_uuid', 'person_uuid', 'eq', q.person_uuid.toLowerCase()))
  if (q.session_ids !== undefined) rules.push(one('session_ids', 'id', 'in', q.session_ids))
  if (q.distinct_ids !== undefined) rules.push(one('distinct_ids', 'distinct_id', 'in', q.distinct_ids))
  return rules
}

function compare(actual: string | number | boolean | null, op: Comparison, value: ConditionValue): boolean {
  if (Array.isArray(value)) {
    const found = typeof actual === 'string' && value.includes(actual)
    return op === 'not_in' ? !found : found
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
