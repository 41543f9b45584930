import * as z from 'zod/mini'
import { isoDateTime, queryBoolean } from './common'
import { dateParam } from './recording-dates'
import type { RecordingField } from './recording-filters'
import { RECORDING_ORDERS, type RecordingOrder } from './recording-orders'

/**
 * A recording's person. PostHog answers a person not yet processed with `id` and `created_at` null
 * (PersonSerializer's MissingPerson, posthog/api/person.py).
 */
export const person = z.looseObject({
  id: z.nullable(z.number().check(z.int())),
  name: z.optional(z.nullable(z.string())),
  distinct_ids: z.array(z.string()),
  properties: z.record(z.string(), z.unknown()),
  created_at: z.nullable(isoDateTime),
  uuid: z.uuid(),
})
export type Person = z.infer<typeof person>

export const sessionRecording = z.object({
  id: z.string(),
  distinct_id: z.nullable(z.string()),
  viewed: z.boolean(),
  recording_duration: z.number().check(z.int()),
  active_seconds: z.nullable(z.number().check(z.int())),
  inactive_seconds: z.nullable(z.number().check(z.int())),
  start_time: isoDateTime,
  end_time: isoDateTime,
  click_count: z.nullable(z.number().check(z.int())),
  keypress_count: z.nullable(z.number().check(z.int())),
  mouse_activity_count: z.nullable(z.number().check(z.int())),
  console_log_count: z.nullable(z.number().check(z.int())),
  console_warn_count: z.nullable(z.number().check(z.int())),
  console_error_count: z.nullable(z.number().check(z.int())),
  start_url: z.nullable(z.string()),
  person: z.optional(z.nullable(person)),
  storage: z.optional(z.nullable(z.enum(['object_storage', 'object_storage_lts']))),
  snapshot_source: z.nullable(z.enum(['web', 'mobile', 'unknown'])),
  ongoing: z.optional(z.nullable(z.boolean())),
  activity_score: z.nullable(z.number()),
})
export type SessionRecording = z.infer<typeof sessionRecording>

/**
 * PATCH …/session_recordings/:id/ — what PostHog's SessionRecordingUpdateSerializer takes (`viewed`,
 * `analyzed`, `player_metadata`), plus this server's `viewed: false` (mark unviewed) and the spec's
 * `person` (reassign to the person owning `distinct_id`; a `person` without one, as a GET returns it,
 * is ignored).
 */
export const sessionRecordingPatch = z.object({
  viewed: z.optional(z.boolean()),
  analyzed: z.optional(z.boolean()),
  player_metadata: z.optional(z.unknown()),
  person: z.optional(
    z.nullable(z.object({ distinct_id: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(400))) })),
  ),
})
export type SessionRecordingPatch = z.input<typeof sessionRecordingPatch>

/** The PATCH answer: the recording as it now is, and PostHog's own answer, `success: true`, alongside. */
export const sessionRecordingPatchResult = z.extend(sessionRecording, { success: z.literal(true) })

export { RECORDING_ORDERS, type RecordingOrder } from './recording-orders'

/** The field each order sorts by: `duration` is the recording's duration. */
export const ORDER_FIELDS: Record<RecordingOrder, RecordingField> = {
  start_time: 'start_time',
  duration: 'recording_duration',
  active_seconds: 'active_seconds',
  console_error_count: 'console_error_count',
  activity_score: 'activity_score',
  click_count: 'click_count',
}

/** Whether the text compiles as a JavaScript regular expression (the server also requires linear-time matching). */
function isRegExp(pattern: string): boolean {
  try {
    new RegExp(pattern)
    return true
  } catch {
    return false
  }
}

const orderParam = z
  .string()
  .check(
    z.regex(
      new RegExp(`^-?(${RECORDING_ORDERS.join('|')})$`),
      `Order must be one of ${RECORDING_ORDERS.join(', ')}, optionally prefixed with "-" for ascending.`,
    ),
  )

/**
 * GET …/session_recordings/ filters and order (besides limit/offset) in the console's form. The server
 * also takes PostHog's RecordingsQuery form (recordings-list-query.ts, kept out of the console's
 * bundle); what each filter means lives in recording-filters.ts.
 */
export const recordingsQuery = z.object({
  order: z.optional(orderParam),
  order_direction: z.optional(z.enum(['ASC', 'DESC'], 'order_direction must be ASC or DESC.')),
  date_from: z.optional(dateParam),
  date_to: z.optional(dateParam),
  viewed: z.optional(queryBoolean),
  min_duration: z.optional(
    z.pipe(z.string().check(z.regex(/^\d{1,9}$/, 'Must be a whole number of seconds.')), z.transform(Number)),
  ),
  has_console_errors: z.optional(queryBoolean),
  /** The start URL contains this text, ignoring case (PostHog's `icontains`). */
  start_url: z.optional(z.string().check(z.minLength(1, 'Enter some text of the URL.'), z.maxLength(1000))),
  /** The start URL matches this regular expression, case-sensitive (PostHog's `regex`). */
  start_url_regex: z.optional(
    z
      .string()
      .check(
        z.minLength(1, 'Enter a regular expression.'),
        z.maxLength(500),
        z.refine(isRegExp, 'Not a valid regular expression.'),
      ),
  ),
})
export type RecordingsQuery = z.output<typeof recordingsQuery>
export type RecordingFilters = z.input<typeof recordingsQuery>

export const sharingConfiguration = z.object({
  created_at: z.nullable(isoDateTime),
  enabled: z.boolean(),
  access_token: z.nullable(z.string()),
})
export type SharingConfiguration = z.infer<typeof sharingConfiguration>

export const sharingPatch = z.strictObject({ enabled: z.boolean() })
export type SharingPatch = z.infer<typeof sharingPatch>
