import { z } from 'zod'
import { isoDateTime, pageQuery, queryBoolean } from './common'
import { dateParam } from './recording-dates'
import { LOG_LEVEL_COUNTS, PREDICATE_FIELDS, PREDICATE_OPERATORS, type RecordingField } from './recording-filters'

export const person = z.looseObject({
  id: z.number().int(),
  name: z.string().nullable().optional(),
  distinct_ids: z.array(z.string()),
  properties: z.record(z.string(), z.unknown()),
  created_at: isoDateTime,
  uuid: z.uuid(),
})
export type Person = z.infer<typeof person>

export const sessionRecording = z.object({
  id: z.string(),
  distinct_id: z.string().nullable(),
  viewed: z.boolean(),
  recording_duration: z.number().int(),
  active_seconds: z.number().int().nullable(),
  inactive_seconds: z.number().int().nullable(),
  start_time: isoDateTime,
  end_time: isoDateTime,
  click_count: z.number().int().nullable(),
  keypress_count: z.number().int().nullable(),
  mouse_activity_count: z.number().int().nullable(),
  console_log_count: z.number().int().nullable(),
  console_warn_count: z.number().int().nullable(),
  console_error_count: z.number().int().nullable(),
  start_url: z.string().nullable(),
  person: person.nullable().optional(),
  storage: z.enum(['object_storage', 'object_storage_lts']).nullable().optional(),
  snapshot_source: z.enum(['web', 'mobile', 'unknown']).nullable(),
  ongoing: z.boolean().nullable().optional(),
  activity_score: z.number().nullable(),
})
export type SessionRecording = z.infer<typeof sessionRecording>

/**
 * PATCH …/session_recordings/:id/ — what PostHog's SessionRecordingUpdateSerializer takes (`viewed`,
 * `analyzed`, `player_metadata`), plus this server's `viewed: false` (mark unviewed) and the spec's
 * `person` (reassign to the person owning `distinct_id`; a `person` without one, as a GET returns it,
 * is ignored).
 */
export const sessionRecordingPatch = z.object({
  viewed: z.boolean().optional(),
  analyzed: z.boolean().optional(),
  player_metadata: z.unknown().optional(),
  person: z
    .object({ distinct_id: z.string().trim().min(1).max(400).optional() })
    .nullable()
    .optional(),
})
export type SessionRecordingPatch = z.input<typeof sessionRecordingPatch>

/** The PATCH answer: the recording as it now is, and PostHog's own answer, `success: true`, alongside. */
export const sessionRecordingPatchResult = sessionRecording.extend({ success: z.literal(true) })

/** Orders the console offers (its sortable columns). */
export const RECORDING_ORDERS = [
  'start_time',
  'duration',
  'active_seconds',
  'console_error_count',
  'activity_score',
  'click_count',
] as const
export type RecordingOrder = (typeof RECORDING_ORDERS)[number]

/** Every `order` the list takes: the console's, and PostHog's RecordingOrder (schema-general.ts VALID_RECORDING_ORDERS). */
export const LIST_ORDERS = [
  ...RECORDING_ORDERS,
  'recording_duration',
  'inactive_seconds',
  'keypress_count',
  'mouse_activity_count',
  'recording_ttl',
] as const
export type ListOrder = (typeof LIST_ORDERS)[number]

/** The field each order sorts by: `duration` is the recording's duration; the time left to live falls with age. */
export const ORDER_FIELDS: Record<ListOrder, RecordingField> = {
  start_time: 'start_time',
  duration: 'recording_duration',
  recording_duration: 'recording_duration',
  active_seconds: 'active_seconds',
  inactive_seconds: 'inactive_seconds',
  console_error_count: 'console_error_count',
  activity_score: 'activity_score',
  click_count: 'click_count',
  keypress_count: 'keypress_count',
  mouse_activity_count: 'mouse_activity_count',
  recording_ttl: 'start_time',
}

const orderParam = z
  .string()
  .regex(
    new RegExp(`^-?(${LIST_ORDERS.join('|')})$`),
    `Order must be one of ${LIST_ORDERS.join(', ')}, optionally prefixed with "-" for ascending.`,
  )

/** A query-string value PostHog sends JSON-encoded (lists and objects); refused when it is not JSON. */
const json = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text, ctx): unknown => {
      try {
        return JSON.parse(text)
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Value must be valid JSON.' })
        return z.NEVER
      }
    })
    .pipe(schema)

const unsupported = (what: string) => `${what} are not supported by this server; leave this parameter out or empty.`

/** A `having_predicates` entry (PostHog's RecordingPropertyFilter) this server evaluates. */
const havingPredicate = z
  .looseObject({
    type: z.literal('recording', 'Only recording filters (type "recording") are supported here.'),
    key: z.enum(
      Object.keys(PREDICATE_FIELDS) as (keyof typeof PREDICATE_FIELDS)[],
      `Supported keys: ${Object.keys(PREDICATE_FIELDS).join(', ')}.`,
    ),
    operator: z
      .enum(
        Object.keys(PREDICATE_OPERATORS) as (keyof typeof PREDICATE_OPERATORS)[],
        `Supported operators: ${Object.keys(PREDICATE_OPERATORS).join(', ')}.`,
      )
      .default('exact'),
    value: z.union([z.number(), z.string(), z.array(z.union([z.string(), z.number()]))]),
  })
  .superRefine((p, ctx) => {
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
  })

/** A `console_log_filters` entry (PostHog's LogEntryPropertyFilter): only the level filter can be evaluated here. */
const logFilter = z.looseObject({
  type: z.literal('log_entry', 'Console filters have type "log_entry".'),
  key: z.literal('level', unsupported('Console message filters')),
  operator: z.literal('exact', 'Console level filters take the exact operator.').default('exact'),
  value: z
    .union([
      z.enum(Object.keys(LOG_LEVEL_COUNTS) as (keyof typeof LOG_LEVEL_COUNTS)[]),
      z.array(z.enum(Object.keys(LOG_LEVEL_COUNTS) as (keyof typeof LOG_LEVEL_COUNTS)[])),
    ])
    .transform((v) => (Array.isArray(v) ? v : [v])),
})

const emptyList = (what: string) => json(z.array(z.unknown()).max(0, unsupported(what)))
const ids = json(z.array(z.string().max(400)).max(1000))

/**
 * GET …/session_recordings/ filters and order (besides limit/offset), in the console's form and in the
 * form PostHog's own RecordingsQuery takes (posthog/session_recordings/utils.py filter_from_params_to_query
 * JSON-decodes each value). Both can be mixed; what each filter means lives in recording-filters.ts.
 */
export const recordingsQuery = z.object({
  order: orderParam.optional(),
  order_direction: z.enum(['ASC', 'DESC'], 'order_direction must be ASC or DESC.').optional(),
  date_from: dateParam.optional(),
  date_to: dateParam.optional(),
  viewed: queryBoolean.optional(),
  min_duration: z
    .string()
    .regex(/^\d{1,9}$/, 'Must be a whole number of seconds.')
    .transform(Number)
    .optional(),
  has_console_errors: queryBoolean.optional(),
  having_predicates: json(z.array(havingPredicate).max(20)).optional(),
  console_log_filters: json(z.array(logFilter).max(20)).optional(),
  operand: z.enum(['AND', 'OR'], 'operand must be AND or OR.').optional(),
  person_uuid: z.uuid('Must be a valid UUID.').optional(),
  session_ids: ids.optional(),
  distinct_ids: ids.optional(),
  /** Accepted: this server has no test-account definitions, so nothing is filtered out. */
  filter_test_accounts: queryBoolean.optional(),
  properties: emptyList('Property filters').optional(),
  events: emptyList('Event filters').optional(),
  actions: emptyList('Action filters').optional(),
})
export type RecordingsQuery = z.output<typeof recordingsQuery>
export type RecordingFilters = z.input<typeof recordingsQuery>

/** Parameters PostHog's clients send that carry no filter (the list endpoint pops or ignores them). */
const IGNORED_PARAMS = [
  'kind',
  'user_modified_filters',
  'version',
  'hogql_filtering',
  'as_query',
  'add_events_to_property_queries',
]

/** The list endpoint's whole query: any parameter it does not know is refused, naming it. */
export const recordingsListQuery = z
  .looseObject({ ...pageQuery.shape, ...recordingsQuery.shape })
  .superRefine((q, ctx) => {
    const known = new Set([...Object.keys(pageQuery.shape), ...Object.keys(recordingsQuery.shape), ...IGNORED_PARAMS])
    for (const key of Object.keys(q)) {
      if (!known.has(key))
        ctx.addIssue({ code: 'custom', path: [key], message: `This server does not support the filter "${key}".` })
    }
  })

/** PostHog's RecordingsQuery limit default (SessionRecordingListFromQuery.SESSION_RECORDINGS_DEFAULT_LIMIT). */
export const RECORDINGS_DEFAULT_LIMIT = 50

/**
 * The sort a query asks for: descending by default; ascending with a `-` prefix (this console's form)
 * or `order_direction=ASC` (PostHog's).
 */
export function recordingOrder(q: Pick<RecordingsQuery, 'order' | 'order_direction'>) {
  const raw = q.order ?? 'start_time'
  const name = raw.replace(/^-/, '')
  const field = ORDER_FIELDS[LIST_ORDERS.find((o) => o === name) ?? 'start_time']
  const ascending = raw.startsWith('-') || q.order_direction === 'ASC'
  return { field, ascending }
}

export const sharingConfiguration = z.object({
  created_at: isoDateTime.nullable(),
  enabled: z.boolean(),
  access_token: z.string().nullable(),
})
export type SharingConfiguration = z.infer<typeof sharingConfiguration>

export const sharingPatch = z.strictObject({ enabled: z.boolean() })
export type SharingPatch = z.infer<typeof sharingPatch>
