import * as z from 'zod/mini'
import { pageQuery, paginated, queryBoolean } from './common'
import type { Condition, Comparison, RecordingField, RuleInput } from './recording-filters'
import { ORDER_FIELDS, RECORDING_ORDERS, recordingsQuery, sessionRecording } from './session-recordings'

/**
 * The recordings list's whole query as the server reads it: the console's form (session-recordings.ts)
 * and PostHog's own RecordingsQuery form (posthog/session_recordings/utils.py filter_from_params_to_query
 * JSON-decodes each value; frontend/src/queries/schema/schema-general.ts), mixed freely. Only the
 * server imports this file: the console sends its own form, so its bundle does not carry these schemas.
 */

/** Every `order` the list takes: the console's, and PostHog's RecordingOrder (VALID_RECORDING_ORDERS). */
export const LIST_ORDERS = [
  ...RECORDING_ORDERS,
  'recording_duration',
  'inactive_seconds',
  'keypress_count',
  'mouse_activity_count',
  'recording_ttl',
] as const
export type ListOrder = (typeof LIST_ORDERS)[number]

/** The field each order sorts by; the time a recording has left to live falls with its age. */
export const LIST_ORDER_FIELDS: Record<ListOrder, RecordingField> = {
  ...ORDER_FIELDS,
  recording_duration: 'recording_duration',
  inactive_seconds: 'inactive_seconds',
  keypress_count: 'keypress_count',
  mouse_activity_count: 'mouse_activity_count',
  recording_ttl: 'start_time',
}

const orderParam = z
  .string()
  .check(
    z.regex(
      new RegExp(`^-?(${LIST_ORDERS.join('|')})$`),
      `Order must be one of ${LIST_ORDERS.join(', ')}, optionally prefixed with "-" for ascending.`,
    ),
  )

/** A query-string value PostHog sends JSON-encoded (lists and objects); refused when it is not JSON. */
const json = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.pipe(
      z.string(),
      z.transform((text, payload): unknown => {
        try {
          return JSON.parse(text)
        } catch {
          payload.issues.push({ code: 'custom', message: 'Value must be valid JSON.', input: text })
          return z.NEVER
        }
      }),
    ),
    schema,
  )

const unsupported = (what: string) => `${what} are not supported by this server; leave this parameter out or empty.`

/** PostHog's having_predicates operators (posthog/schema.py PropertyOperator) this server evaluates. */
const OPERATORS = { exact: 'eq', is_not: 'ne', gt: 'gt', gte: 'gte', lt: 'lt', lte: 'lte' } as const
/** having_predicates keys: PostHog's `duration` is the recording's duration. */
const PREDICATE_FIELDS = {
  duration: 'recording_duration',
  active_seconds: 'active_seconds',
  inactive_seconds: 'inactive_seconds',
  snapshot_source: 'snapshot_source',
} as const
type PredicateKey = keyof typeof PREDICATE_FIELDS
/** console_log_filters levels (PostHog's FilterableLogLevel) and the count each one means. */
const LOG_LEVEL_COUNTS = {
  info: 'console_log_count',
  log: 'console_log_count',
  warn: 'console_warn_count',
  error: 'console_error_count',
} as const
type LogLevel = keyof typeof LOG_LEVEL_COUNTS

/** A `having_predicates` entry (PostHog's RecordingPropertyFilter), read as the condition it means. */
const havingPredicate = z.pipe(
  z
    .looseObject({
      type: z.literal('recording', 'Only recording filters (type "recording") are supported here.'),
      key: z.enum(
        Object.keys(PREDICATE_FIELDS) as PredicateKey[],
        `Supported keys: ${Object.keys(PREDICATE_FIELDS).join(', ')}.`,
      ),
      operator: z._default(
        z.enum(
          Object.keys(OPERATORS) as (keyof typeof OPERATORS)[],
          `Supported operators: ${Object.keys(OPERATORS).join(', ')}.`,
        ),
        'exact',
      ),
      value: z.union([z.number(), z.string(), z.array(z.union([z.string(), z.number()]))]),
    })
    .check(
      z.superRefine((p, ctx) => {
        const numeric = p.key !== 'snapshot_source'
        if (numeric && typeof p.value !== 'number')
          ctx.addIssue({ code: 'custom', path: ['value'], message: `${p.key} compares with a number of seconds.` })
        if (!numeric && typeof p.value === 'number')
          ctx.addIssue({
            code: 'custom',
            path: ['value'],
            message: 'snapshot_source compares with web, mobile or unknown.',
          })
        if (!numeric && !['exact', 'is_not'].includes(p.operator))
          ctx.addIssue({ code: 'custom', path: ['operator'], message: 'snapshot_source takes exact or is_not.' })
      }),
    ),
  z.transform((p): Condition => {
    const field = PREDICATE_FIELDS[p.key]
    if (!Array.isArray(p.value)) return { field, op: OPERATORS[p.operator], value: p.value }
    const op: Comparison = p.operator === 'is_not' ? 'not_in' : 'in'
    return { field, op, value: p.value.map(String) }
  }),
)

const level = z.enum(Object.keys(LOG_LEVEL_COUNTS) as LogLevel[])

/** A `console_log_filters` entry (PostHog's LogEntryPropertyFilter), read as the counts it asks to be non-zero. */
const logFilter = z.pipe(
  z.looseObject({
    type: z.literal('log_entry', 'Console filters have type "log_entry".'),
    key: z.literal('level', unsupported('Console message filters')),
    operator: z._default(z.literal('exact', 'Console level filters take the exact operator.'), 'exact'),
    value: z.union([level, z.array(level)]),
  }),
  z.transform((f): RecordingField[] => [
    ...new Set((Array.isArray(f.value) ? f.value : [f.value]).map((l) => LOG_LEVEL_COUNTS[l])),
  ]),
)

/** PostHog's URL properties: an event's `$current_url`, a session's `$entry_current_url` (its first URL). */
const URL_KEYS = ['$current_url', '$entry_current_url'] as const
const URL_OPERATORS = ['icontains', 'regex'] as const

/**
 * A `properties` entry filtering by URL, read as a condition on the recording's start URL: this server
 * keeps a recording's first URL, not every page it visited, so `$current_url` matches that one.
 */
const urlValue = () => z.string().check(z.minLength(1), z.maxLength(1000))
const urlProperty = z.pipe(
  z
    .looseObject({
      type: z.enum(['event', 'session', 'person', 'recording'], 'Property filters take a type.'),
      key: z.enum(URL_KEYS, `Only URL filters (${URL_KEYS.join(', ')}) are supported here.`),
      operator: z._default(
        z.enum(URL_OPERATORS, `URL filters take the operators ${URL_OPERATORS.join(' and ')}.`),
        'icontains',
      ),
      value: z.union([urlValue(), z.array(urlValue()).check(z.minLength(1), z.maxLength(20))]),
    })
    .check(
      z.superRefine((p, ctx) => {
        if (p.type === 'person' || p.type === 'recording')
          ctx.addIssue({ code: 'custom', path: ['type'], message: 'URL filters have type "event" or "session".' })
        const values = Array.isArray(p.value) ? p.value : [p.value]
        if (p.operator === 'regex' && !values.every(isRegExp))
          ctx.addIssue({ code: 'custom', path: ['value'], message: 'Not a valid regular expression.' })
      }),
    ),
  // Several values: any of them (PostHog's list of values for one filter).
  z.transform((p): Condition[] =>
    (Array.isArray(p.value) ? p.value : [p.value]).map((value) => ({ field: 'start_url', op: p.operator, value })),
  ),
)

function isRegExp(pattern: string) {
  try {
    new RegExp(pattern)
    return true
  } catch {
    return false
  }
}

const emptyList = (what: string) => json(z.array(z.unknown()).check(z.maxLength(0, unsupported(what))))
const ids = json(z.array(z.string().check(z.maxLength(400))).check(z.maxLength(1000)))

/** Parameters PostHog's clients send that carry no filter (the list endpoint pops or ignores them). */
const IGNORED_PARAMS = [
  'kind',
  'user_modified_filters',
  'version',
  'hogql_filtering',
  'as_query',
  'add_events_to_property_queries',
]

const fields = {
  ...pageQuery.shape,
  ...recordingsQuery.shape,
  order: z.optional(orderParam),
  having_predicates: z.optional(json(z.array(havingPredicate).check(z.maxLength(20)))),
  console_log_filters: z.optional(json(z.array(logFilter).check(z.maxLength(20)))),
  operand: z.optional(z.enum(['AND', 'OR'], 'operand must be AND or OR.')),
  person_uuid: z.optional(z.uuid('Must be a valid UUID.')),
  session_ids: z.optional(ids),
  distinct_ids: z.optional(ids),
  /** Accepted: this server has no test-account definitions, so nothing is filtered out. */
  filter_test_accounts: z.optional(queryBoolean),
  properties: z.optional(json(z.array(urlProperty).check(z.maxLength(20)))),
  events: z.optional(emptyList('Event filters')),
  actions: z.optional(emptyList('Action filters')),
}

/** The list endpoint's whole query: any parameter it does not know is refused, naming it. */
export const recordingsListQuery = z.looseObject(fields).check(
  z.superRefine((q, ctx) => {
    const known = new Set([...Object.keys(fields), ...IGNORED_PARAMS])
    for (const key of Object.keys(q)) {
      if (!known.has(key))
        ctx.addIssue({ code: 'custom', path: [key], message: `This server does not support the filter "${key}".` })
    }
  }),
)
export type RecordingsListQuery = z.output<typeof recordingsListQuery>

/** The list's answer: the spec's envelope, with PostHog's `has_next` alongside. */
export const recordingsListPage = z.extend(paginated(sessionRecording), { has_next: z.boolean() })

/** What a page of recordings is chosen by (the list query without its window). */
export type RecordingSelection = RuleInput & { order?: string; order_direction?: 'ASC' | 'DESC' }

/** PostHog's RecordingsQuery limit default (SessionRecordingListFromQuery.SESSION_RECORDINGS_DEFAULT_LIMIT). */
export const RECORDINGS_DEFAULT_LIMIT = 50

/**
 * The sort a query asks for: descending by default; ascending with a `-` prefix (this console's form)
 * or `order_direction=ASC` (PostHog's).
 */
export function recordingOrder(q: Pick<RecordingSelection, 'order' | 'order_direction'>) {
  const raw = q.order ?? 'start_time'
  const name = raw.replace(/^-/, '')
  const field = LIST_ORDER_FIELDS[LIST_ORDERS.find((o) => o === name) ?? 'start_time']
  const ascending = raw.startsWith('-') || q.order_direction === 'ASC'
  return { field, ascending }
}
