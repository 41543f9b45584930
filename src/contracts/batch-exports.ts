import { z } from 'zod'
import { isoDateTime } from './common'
import { s3Config, s3ConfigInput } from './s3'

export const BATCH_EXPORT_MODELS = ['events', 'persons', 'sessions'] as const
export const BATCH_EXPORT_INTERVALS = ['hour', 'day', 'week', 'every 5 minutes', 'every 15 minutes'] as const
export const DESTINATION_TYPES = [
  'S3',
  'Snowflake',
  'Postgres',
  'Redshift',
  'BigQuery',
  'Databricks',
  'AzureBlob',
  'HTTP',
  'NoOp',
] as const
export const RUN_STATUSES = [
  'Cancelled',
  'Completed',
  'ContinuedAsNew',
  'Failed',
  'FailedRetryable',
  'FailedBilling',
  'Terminated',
  'TimedOut',
  'Running',
  'Starting',
] as const
export const LOG_LEVELS = ['DEBUG', 'LOG', 'INFO', 'WARNING', 'ERROR'] as const

/** Length of each interval; the scheduler, backfills and the console's preview use the same fixed lengths. */
export const INTERVAL_MS: Record<(typeof BATCH_EXPORT_INTERVALS)[number], number> = {
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
  'every 5 minutes': 300_000,
  'every 15 minutes': 900_000,
}

/** A backfill may create at most this many runs. */
export const MAX_BACKFILL_RUNS = 1000

/** The data windows a backfill of `[startMs, endMs)` covers: one per interval from start, the last clipped to end. */
export function backfillWindows(interval: BatchExportInterval, startMs: number, endMs: number) {
  const step = INTERVAL_MS[interval]
  const windows: { start: number; end: number }[] = []
  for (let t = startMs; t < endMs; t += step) windows.push({ start: t, end: Math.min(t + step, endMs) })
  return windows
}

/** How many runs a backfill of `[startMs, endMs)` would create. */
export const backfillRunCount = (interval: BatchExportInterval, startMs: number, endMs: number) =>
  Math.max(0, Math.ceil((endMs - startMs) / INTERVAL_MS[interval]))

export type BatchExportModel = (typeof BATCH_EXPORT_MODELS)[number]
export type BatchExportInterval = (typeof BATCH_EXPORT_INTERVALS)[number]
export type DestinationType = (typeof DESTINATION_TYPES)[number]
export type RunStatus = (typeof RUN_STATUSES)[number]
export type LogLevel = (typeof LOG_LEVELS)[number]

/** Config fields that are write-only per destination type (never returned). */
export const SECRET_FIELDS: Record<DestinationType, readonly string[]> = {
  S3: ['aws_access_key_id', 'aws_secret_access_key'],
  Snowflake: ['password', 'private_key', 'private_key_passphrase'],
  Postgres: ['user', 'password'],
  Redshift: ['user', 'password', 'aws_access_key_id', 'aws_secret_access_key'],
  BigQuery: ['private_key', 'private_key_id', 'client_email', 'token_uri'],
  Databricks: ['client_secret'],
  AzureBlob: ['connection_string'],
  HTTP: ['token'],
  NoOp: [],
}

const otherTypes = DESTINATION_TYPES.filter((t) => t !== 'S3') as Exclude<DestinationType, 'S3'>[]
const jsonConfig = z.record(z.string(), z.unknown())

export const destination = z.discriminatedUnion('type', [
  z.object({ type: z.literal('S3'), config: s3Config }),
  z.object({ type: z.enum(otherTypes), config: jsonConfig }),
])
export type Destination = z.infer<typeof destination>

export const destinationInput = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('S3'), config: s3ConfigInput }),
  z.strictObject({ type: z.enum(otherTypes), config: jsonConfig }),
])
export type DestinationInput = z.input<typeof destinationInput>

export const batchExportRun = z.object({
  id: z.uuid(),
  status: z.enum(RUN_STATUSES),
  records_completed: z.number().int().nullable(),
  records_failed: z.number().int().nullable(),
  records_total_count: z.number().int().nullable(),
  bytes_exported: z.number().int().nullable(),
  latest_error: z.string().nullable(),
  data_interval_start: isoDateTime.nullable(),
  data_interval_end: isoDateTime,
  cursor: z.string().nullable(),
  created_at: isoDateTime,
  finished_at: isoDateTime.nullable(),
  last_updated_at: isoDateTime,
  batch_export: z.uuid(),
  backfill: z.uuid().nullable(),
})
export type BatchExportRun = z.infer<typeof batchExportRun>

export const batchExport = z.object({
  id: z.uuid(),
  team_id: z.number().int(),
  name: z.string(),
  model: z.enum(BATCH_EXPORT_MODELS).nullable(),
  destination,
  interval: z.enum(BATCH_EXPORT_INTERVALS),
  paused: z.boolean(),
  created_at: isoDateTime,
  last_updated_at: isoDateTime,
  last_paused_at: isoDateTime.nullable(),
  start_at: isoDateTime.nullable(),
  end_at: isoDateTime.nullable(),
  latest_runs: z.array(batchExportRun),
  hogql_query: z.string().nullable().optional(),
  schema: z.unknown().optional(),
  filters: z.unknown().optional(),
})
export type BatchExport = z.infer<typeof batchExport>

const batchExportFields = {
  name: z.string().trim().min(1, 'Name is required.').max(255, 'At most 255 characters.'),
  model: z.enum(BATCH_EXPORT_MODELS),
  destination: destinationInput,
  interval: z.enum(BATCH_EXPORT_INTERVALS),
  paused: z.boolean(),
  last_paused_at: isoDateTime.nullable(),
  start_at: isoDateTime.nullable(),
  end_at: isoDateTime.nullable(),
  hogql_query: z.string().max(100_000).nullable(),
  filters: z.unknown(),
  team_id: z.number().int().positive(),
}

function refineSchedule(body: { start_at?: string | null; end_at?: string | null }, ctx: z.RefinementCtx) {
  if (body.start_at && body.end_at && Date.parse(body.end_at) <= Date.parse(body.start_at)) {
    ctx.addIssue({ code: 'custom', path: ['end_at'], message: 'The end must be after the start.' })
  }
}

function requireSecretsOnCreate(body: { destination?: DestinationInput }, ctx: z.RefinementCtx) {
  if (body.destination?.type !== 'S3') return
  for (const field of SECRET_FIELDS.S3) {
    const value = (body.destination.config as Record<string, unknown>)[field]
    if (typeof value !== 'string' || value.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['destination', 'config', field], message: 'Required for a new S3 export.' })
    }
  }
}

/** POST …/batch_exports/ */
export const batchExportCreate = z
  .strictObject({
    ...batchExportFields,
    model: batchExportFields.model.default('events'),
    paused: batchExportFields.paused.optional(),
    last_paused_at: batchExportFields.last_paused_at.optional(),
    start_at: batchExportFields.start_at.optional(),
    end_at: batchExportFields.end_at.optional(),
    hogql_query: batchExportFields.hogql_query.optional(),
    filters: batchExportFields.filters.optional(),
    team_id: batchExportFields.team_id.optional(),
  })
  .superRefine(refineSchedule)
  .superRefine(requireSecretsOnCreate)
export type BatchExportCreate = z.input<typeof batchExportCreate>

/** PATCH …/batch_exports/:id/ — absent S3 secrets keep the stored ones. */
export const batchExportPatch = z.strictObject(batchExportFields).partial().superRefine(refineSchedule)
export type BatchExportPatch = z.input<typeof batchExportPatch>

/** POST …/backfill/ (deprecated): a timezone-aware range, start before end, end not in the future. */
export const backfillInput = z
  .strictObject({
    start_at: isoDateTime,
    end_at: isoDateTime,
  })
  .superRefine((body, ctx) => {
    if (Date.parse(body.end_at) <= Date.parse(body.start_at)) {
      ctx.addIssue({ code: 'custom', path: ['start_at'], message: 'The start must be before the end.' })
    }
    if (Date.parse(body.end_at) > Date.now()) {
      ctx.addIssue({ code: 'custom', path: ['end_at'], message: 'The end of a backfill cannot be in the future.' })
    }
  })
export type BackfillInput = z.infer<typeof backfillInput>

export const logEntry = z.object({
  log_source_id: z.string(),
  instance_id: z.string(),
  timestamp: isoDateTime,
  level: z.enum(LOG_LEVELS),
  message: z.string(),
})
export type LogEntry = z.infer<typeof logEntry>

const levelParam = z
  .string()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(LOG_LEVELS, `Level must be one of ${LOG_LEVELS.join(', ')}.`))

/** GET …/logs/ query: limit 1–500 (default 50), after/before, level (repeatable), search, instance_id. */
export const logsQuery = z.object({
  limit: z
    .string()
    .regex(/^\d{1,6}$/, 'Must be an integer between 1 and 500.')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 500, 'Must be an integer between 1 and 500.')
    .optional(),
  offset: z
    .string()
    .regex(/^\d{1,12}$/, 'Must be a non-negative integer.')
    .transform(Number)
    .optional(),
  after: isoDateTime.optional(),
  before: isoDateTime.optional(),
  level: z.array(levelParam).optional(),
  search: z.string().max(500).optional(),
  instance_id: z.string().max(200).optional(),
})
export type LogsQuery = z.output<typeof logsQuery>
