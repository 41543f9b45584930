import { z } from 'zod'
import { isoDateTime, queryBoolean } from './common'

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

/** PATCH …/session_recordings/:id/ — `viewed` as PostHog takes it, and the spec's `person` (reassign by distinct id). */
export const sessionRecordingPatch = z.strictObject({
  viewed: z.boolean().optional(),
  person: z.strictObject({ distinct_id: z.string().trim().min(1).max(400) }).optional(),
})
export type SessionRecordingPatch = z.infer<typeof sessionRecordingPatch>

export const RECORDING_ORDERS = [
  'start_time',
  'duration',
  'active_seconds',
  'console_error_count',
  'activity_score',
  'click_count',
] as const
export type RecordingOrder = (typeof RECORDING_ORDERS)[number]

const orderParam = z
  .string()
  .regex(
    new RegExp(`^-?(${RECORDING_ORDERS.join('|')})$`),
    `Order must be one of ${RECORDING_ORDERS.join(', ')}, optionally prefixed with "-" for ascending.`,
  )

/** An instant, a date (`2026-01-31`), or a relative offset (`-7d`, `-24h`) as PostHog takes them. */
export const dateParam = z
  .string()
  .regex(
    /^(-\d{1,5}[hdwm]|\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?)$/,
    'Use an ISO date or date-time, or a relative offset like -7d.',
  )
  .refine((v) => v.startsWith('-') || !Number.isNaN(Date.parse(v)), 'Not a real date.')

const DAY_MS = 86_400_000
const UNIT_MS = { h: 3_600_000, d: DAY_MS, w: 7 * DAY_MS, m: 30 * DAY_MS } as const

/** A `date_from`/`date_to` value as epoch ms: `-7d` counts back from `now`; a date-only `date_to` covers its whole UTC day. */
export function resolveDate(value: string, end: boolean, now: number): number {
  const rel = /^-(\d+)([hdwm])$/.exec(value)
  if (rel) return now - Number(rel[1]) * UNIT_MS[rel[2] as keyof typeof UNIT_MS]
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return Date.parse(`${value}T00:00:00Z`) + (end ? DAY_MS : 0)
  return Date.parse(value)
}

/** GET …/session_recordings/ filters and order (besides limit/offset). */
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
