import { z } from 'zod'
import { isoDateTime, queryBoolean } from './common'
import { dateParam } from './recording-dates'
import type { RecordingField } from './recording-filters'
import { RECORDING_ORDERS, type RecordingOrder } from './recording-orders'

/**
 * A recording's person. PostHog answers a person not yet processed with `id` and `created_at` null
 * (PersonSerializer's MissingPerson, posthog/api/person.py).
 */
export const person = z.looseObject({
  id: z.number().int().nullable(),
  name: z.string().nullable().optional(),
  distinct_ids: z.array(z.string()),
  properties: z.record(z.string(), z.unknown()),
  created_at: isoDateTime.nullable(),
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
  .regex(
    new RegExp(`^-?(${RECORDING_ORDERS.join('|')})$`),
    `Order must be one of ${RECORDING_ORDERS.join(', ')}, optionally prefixed with "-" for ascending.`,
  )

/**
 * GET …/session_recordings/ filters and order (besides limit/offset) in the console's form. The server
 * also takes PostHog's RecordingsQuery form (recordings-list-query.ts, kept out of the console's
 * bundle); what each filter means lives in recording-filters.ts.
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
  /** The start URL contains this text, ignoring case (PostHog's `icontains`). */
  start_url: z.string().min(1, 'Enter some text of the URL.').max(1000).optional(),
  /** The start URL matches this regular expression, case-sensitive (PostHog's `regex`). */
  start_url_regex: z
    .string()
    .min(1, 'Enter a regular expression.')
    .max(500)
    .refine(isRegExp, 'Not a valid regular expression.')
    .optional(),
})
export type RecordingsQuery = z.output<typeof recordingsQuery>
export type RecordingFilters = z.input<typeof recordingsQuery>

export const sharingConfiguration = z.object({
  created_at: isoDateTime.nullable(),
  enabled: z.boolean(),
  access_token: z.string().nullable(),
})
export type SharingConfiguration = z.infer<typeof sharingConfiguration>

export const sharingPatch = z.strictObject({ enabled: z.boolean() })
export type SharingPatch = z.infer<typeof sharingPatch>
