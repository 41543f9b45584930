import * as z from 'zod/mini'
import { INTERVAL_MS } from './batch-export-schedule'
import { isoDateTime } from './common'
import { httpConfig, httpConfigInput, noopConfigInput, postgresConfig, postgresConfigInput } from './destinations'
import { s3Config, s3ConfigInput } from './s3'
import { isValidTimeZone } from './time-zones'

type RefinementCtx = z.core.$RefinementCtx
const integer = z.number().check(z.int())
/** PostHog's offset fields: an integer 0 to `max`, in DRF's words. */
const offset = (max: number) =>
  z
    .number('A valid integer is required.')
    .check(
      z.int('A valid integer is required.'),
      z.gte(0, 'Ensure this value is greater than or equal to 0.'),
      z.lte(max, `Ensure this value is less than or equal to ${max}.`),
    )

export { INTERVAL_MS }

export const BATCH_EXPORT_MODELS = ['events', 'persons', 'sessions'] as const
export const BATCH_EXPORT_INTERVALS = ['hour', 'day', 'week', 'every 5 minutes', 'every 15 minutes'] as const
/** PostHog's destination types (`BatchExportDestination.Destination`), the legacy `S3` first. */
export const DESTINATION_TYPES = [
  'S3',
  'AwsS3',
  'S3Compatible',
  'Snowflake',
  'Postgres',
  'Redshift',
  'BigQuery',
  'Databricks',
  'AzureBlob',
  'Workflows',
  'HTTP',
  'NoOp',
  'FileDownload',
] as const
/** The types the reference server's engine exports to; creating any other type is refused there. */
export const RUNNABLE_DESTINATION_TYPES = ['S3', 'Postgres', 'HTTP', 'NoOp'] as const
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
export type RunnableDestinationType = (typeof RUNNABLE_DESTINATION_TYPES)[number]
export const isRunnableType = (type: string): type is RunnableDestinationType =>
  (RUNNABLE_DESTINATION_TYPES as readonly string[]).includes(type)
export type RunStatus = (typeof RUN_STATUSES)[number]
export type LogLevel = (typeof LOG_LEVELS)[number]

/** Config fields that are write-only per destination type (never returned): PostHog's `secret_fields`, and more. */
export const SECRET_FIELDS: Record<DestinationType, readonly string[]> = {
  S3: ['aws_access_key_id', 'aws_secret_access_key'],
  AwsS3: ['aws_access_key_id', 'aws_secret_access_key'],
  S3Compatible: ['aws_access_key_id', 'aws_secret_access_key'],
  Snowflake: ['user', 'password', 'private_key', 'private_key_passphrase'],
  Postgres: ['user', 'password'],
  Redshift: ['user', 'password', 'aws_access_key_id', 'aws_secret_access_key'],
  BigQuery: ['private_key', 'private_key_id', 'client_email', 'token_uri'],
  Databricks: ['client_secret'],
  AzureBlob: ['connection_string'],
  Workflows: [],
  HTTP: ['token'],
  NoOp: [],
  FileDownload: [],
}

/** Secrets a new export of this type must carry (the rest of SECRET_FIELDS are optional). */
export const REQUIRED_SECRETS: Partial<Record<DestinationType, readonly string[]>> = {
  S3: ['aws_access_key_id', 'aws_secret_access_key'],
  Postgres: ['user', 'password'],
  HTTP: ['token'],
}

const jsonTypes = DESTINATION_TYPES.filter((t) => !['S3', 'Postgres', 'HTTP'].includes(t)) as Exclude<
  DestinationType,
  'S3' | 'Postgres' | 'HTTP'
>[]
const jsonConfig = z.record(z.string(), z.unknown())

const knownDestination = z.discriminatedUnion('type', [
  z.object({ type: z.literal('S3'), config: s3Config }),
  z.object({ type: z.literal('Postgres'), config: postgresConfig }),
  z.object({ type: z.literal('HTTP'), config: httpConfig }),
  z.object({ type: z.enum(jsonTypes), config: jsonConfig }),
])

/**
 * A destination that does not read as one of the types above: a type newer than this console, or a
 * config its forms do not know (an S3 region or bucket name they would refuse). A real PostHog may
 * answer such exports; they are kept as they came (`declared` is PostHog's type) and shown
 * read-only, so one export never fails the whole list. The reference server never answers one.
 */
const unreadableDestination = z.pipe(
  z.looseObject({ type: z.string(), config: z.optional(z.unknown()) }),
  z.transform((d) => ({
    type: 'Unreadable' as const,
    declared: d.type,
    config: d.config !== null && typeof d.config === 'object' ? (d.config as Record<string, unknown>) : {},
  })),
)

export const destination = z.union([knownDestination, unreadableDestination])
export type KnownDestination = z.infer<typeof knownDestination>
export type Destination = z.infer<typeof destination>
/** PostHog's name for the destination's type, for people. */
export const destinationTypeName = (d: Destination) => (d.type === 'Unreadable' ? d.declared : d.type)

const otherInputTypes = jsonTypes.filter((t) => t !== 'NoOp') as Exclude<(typeof jsonTypes)[number], 'NoOp'>[]

/** A whole destination, as a new export (or a PUT) gives it; each runnable type's config is checked field by field. */
export const destinationInput = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('S3'), config: s3ConfigInput }),
  z.strictObject({ type: z.literal('Postgres'), config: postgresConfigInput }),
  z.strictObject({ type: z.literal('HTTP'), config: httpConfigInput }),
  z.strictObject({
    type: z.literal('NoOp'),
    config: z._default(noopConfigInput, { include_events: null, exclude_events: null }),
  }),
  z.strictObject({ type: z.enum(otherInputTypes), config: jsonConfig }),
])
export type DestinationInput = z.input<typeof destinationInput>

/**
 * A destination in a PATCH: `config` is merged into the stored config (PostHog's
 * `recursive_dict_merge`), so `{"config": {"prefix": "new/"}}` keeps the bucket; `type` may be
 * left out and may not change. The merged config is then checked as a whole.
 */
export const destinationPatch = z.strictObject({
  type: z.optional(z.enum(DESTINATION_TYPES)),
  config: z.optional(jsonConfig),
})
export type DestinationPatch = z.input<typeof destinationPatch>

export const batchExportRun = z.object({
  id: z.uuid(),
  status: z.enum(RUN_STATUSES),
  records_completed: z.nullable(integer),
  // PostHog versions that predate these leave them out.
  records_failed: z._default(z.nullable(integer), null),
  records_total_count: z._default(z.nullable(integer), null),
  bytes_exported: z._default(z.nullable(integer), null),
  latest_error: z.nullable(z.string()),
  data_interval_start: z.nullable(isoDateTime),
  data_interval_end: isoDateTime,
  cursor: z._default(z.nullable(z.string()), null),
  created_at: isoDateTime,
  finished_at: z.nullable(isoDateTime),
  last_updated_at: isoDateTime,
  batch_export: z.uuid(),
  backfill: z._default(z.nullable(z.uuid()), null),
})
export type BatchExportRun = z.infer<typeof batchExportRun>

export const batchExport = z.object({
  id: z.uuid(),
  team_id: integer,
  name: z.string(),
  /** A model this console does not know (PostHog's `hogql`) is kept: such an export is shown read-only. */
  model: z.nullable(z.union([z.enum(BATCH_EXPORT_MODELS), z.string()])),
  destination,
  interval: z.enum(BATCH_EXPORT_INTERVALS),
  paused: z.boolean(),
  created_at: isoDateTime,
  last_updated_at: isoDateTime,
  last_paused_at: z.nullable(isoDateTime),
  start_at: z.nullable(isoDateTime),
  end_at: z.nullable(isoDateTime),
  latest_runs: z.array(batchExportRun),
  hogql_query: z.optional(z.nullable(z.string())),
  schema: z.optional(z.unknown()),
  filters: z.optional(z.unknown()),
  /** Older PostHog versions leave these three out. */
  timezone: z.optional(z.nullable(z.string())),
  offset_day: z.optional(z.nullable(integer)),
  offset_hour: z.optional(z.nullable(integer)),
})
export type BatchExport = z.infer<typeof batchExport>
/** An export whose model and destination the console knows (and so can edit). */
export type ReadableExport = BatchExport & { model: BatchExportModel | null; destination: KnownDestination }

/** The export, when the console knows its model and destination; else why it cannot edit it. */
export function readableExport(exp: BatchExport): { readable: ReadableExport } | { reason: string } {
  const { model, destination } = exp
  if (destination.type === 'Unreadable')
    return { reason: `This console cannot edit ${destination.declared} destinations like this one` }
  if (model !== null && !(BATCH_EXPORT_MODELS as readonly string[]).includes(model))
    return { reason: `This console cannot edit exports of the ${model} model` }
  return { readable: { ...exp, model: model as BatchExportModel | null, destination } }
}

const batchExportFields = {
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required.'), z.maxLength(255, 'At most 255 characters.')),
  model: z.enum(BATCH_EXPORT_MODELS),
  destination: destinationInput,
  interval: z.enum(BATCH_EXPORT_INTERVALS),
  paused: z.boolean(),
  last_paused_at: z.nullable(isoDateTime),
  start_at: z.nullable(isoDateTime),
  end_at: z.nullable(isoDateTime),
  hogql_query: z.nullable(z.string().check(z.maxLength(100_000))),
  filters: z.unknown(),
  team_id: z.number().check(z.int(), z.positive()),
  timezone: z.nullable(z.string()).check(
    z.superRefine((zone, ctx) => {
      if (zone !== null && !isValidTimeZone(zone))
        ctx.addIssue({ code: 'custom', message: `"${zone}" is not a valid choice.` })
    }),
  ),
  offset_day: z.nullable(offset(6)),
  offset_hour: z.nullable(offset(23)),
}

/** The named fields, each optional: a create or a full update may leave them out. */
const optionalFields = <K extends keyof typeof batchExportFields>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, z.optional(batchExportFields[k])])) as {
    [P in K]: z.ZodMiniOptional<(typeof batchExportFields)[P]>
  }
const OPTIONAL_ON_WRITE = [
  'paused',
  'last_paused_at',
  'start_at',
  'end_at',
  'hogql_query',
  'filters',
  'team_id',
  'timezone',
  'offset_day',
  'offset_hour',
] as const

type ScheduleBody = { interval?: string; offset_day?: number | null; offset_hour?: number | null }

/** PostHog's `validate_offset_day` / `validate_offset_hour`, when the body names the interval. */
export function scheduleOffsetProblems(body: ScheduleBody, interval = body.interval) {
  const problems: { path: 'offset_day' | 'offset_hour'; message: string }[] = []
  if (interval === undefined) return problems
  if (body.offset_day !== undefined && body.offset_day !== null && interval !== 'week')
    problems.push({ path: 'offset_day', message: 'offset_day is not applicable for non-weekly intervals' })
  if (body.offset_hour !== undefined && body.offset_hour !== null && interval !== 'day' && interval !== 'week')
    problems.push({ path: 'offset_hour', message: 'offset_hour is not applicable for non-daily/weekly intervals' })
  return problems
}

function refineOffsets(body: ScheduleBody, ctx: RefinementCtx) {
  for (const p of scheduleOffsetProblems(body)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message })
}

/** PostHog's serializer rule: the HTTP destination exports the events model only. */
function refineHttpModel(body: { model?: string; destination?: { type?: string } }, ctx: RefinementCtx) {
  if (body.destination?.type === 'HTTP' && body.model !== undefined && body.model !== 'events')
    ctx.addIssue({ code: 'custom', path: [], message: 'HTTP batch exports only support the events model' })
}

function refineSchedule(body: { start_at?: string | null; end_at?: string | null }, ctx: RefinementCtx) {
  if (body.start_at && body.end_at && Date.parse(body.end_at) <= Date.parse(body.start_at)) {
    ctx.addIssue({ code: 'custom', path: ['end_at'], message: 'The end must be after the start.' })
  }
}

function requireSecretsOnCreate(body: { destination?: DestinationInput }, ctx: RefinementCtx) {
  const type = body.destination?.type
  if (!type) return
  for (const field of REQUIRED_SECRETS[type] ?? []) {
    const value = (body.destination!.config as Record<string, unknown> | undefined)?.[field]
    if (typeof value !== 'string' || value.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['destination', 'config', field],
        message: `Required for a new ${type} export.`,
      })
    }
  }
}

/** POST …/batch_exports/ */
export const batchExportCreate = z
  .strictObject({
    ...batchExportFields,
    model: z._default(batchExportFields.model, 'events'),
    ...optionalFields(OPTIONAL_ON_WRITE),
  })
  .check(
    z.superRefine(refineSchedule),
    z.superRefine(refineOffsets),
    z.superRefine(refineHttpModel),
    z.superRefine(requireSecretsOnCreate),
  )
export type BatchExportCreate = z.input<typeof batchExportCreate>

/**
 * PATCH …/batch_exports/:id/ — `destination.config` merges into the stored config; empty or absent
 * secrets keep the stored ones; type and model cannot change (the server says so).
 */
export const batchExportPatch = z
  .partial(z.strictObject({ ...batchExportFields, destination: destinationPatch }))
  .check(z.superRefine(refineSchedule), z.superRefine(refineOffsets))
export type BatchExportPatch = z.input<typeof batchExportPatch>

/** PUT …/batch_exports/:id/ — as PATCH, but name, destination (with its type) and interval are required, as DRF's full update. */
export const batchExportPut = z
  .strictObject({
    ...batchExportFields,
    destination: z.required(destinationPatch, { type: true }),
    ...optionalFields(['model', ...OPTIONAL_ON_WRITE]),
  })
  .check(z.superRefine(refineSchedule), z.superRefine(refineOffsets))
export type BatchExportPut = z.input<typeof batchExportPut>

/** POST …/backfill/ (deprecated): a timezone-aware range, start before end, end not in the future. */
export const backfillInput = z
  .strictObject({
    start_at: isoDateTime,
    end_at: isoDateTime,
  })
  .check(
    z.superRefine((body, ctx) => {
      if (Date.parse(body.end_at) <= Date.parse(body.start_at)) {
        ctx.addIssue({ code: 'custom', path: ['start_at'], message: 'The start must be before the end.' })
      }
      if (Date.parse(body.end_at) > Date.now()) {
        ctx.addIssue({ code: 'custom', path: ['end_at'], message: 'The end of a backfill cannot be in the future.' })
      }
    }),
  )
export type BackfillInput = z.infer<typeof backfillInput>

export const logEntry = z.object({
  log_source_id: z.string(),
  instance_id: z.string(),
  timestamp: isoDateTime,
  level: z.enum(LOG_LEVELS),
  message: z.string(),
})
export type LogEntry = z.infer<typeof logEntry>

const levelParam = z.pipe(
  z.pipe(
    z.string(),
    z.transform((v) => v.trim().toUpperCase()),
  ),
  z.enum(LOG_LEVELS, `Level must be one of ${LOG_LEVELS.join(', ')}.`),
)

/** GET …/logs/ query: limit 1–500 (default 50), after/before, level (repeatable or comma-separated as PostHog sends it), search, instance_id. */
export const logsQuery = z.object({
  limit: z.optional(
    z
      .pipe(z.string().check(z.regex(/^\d{1,6}$/, 'Must be an integer between 1 and 500.')), z.transform(Number))
      .check(z.refine((n) => n >= 1 && n <= 500, 'Must be an integer between 1 and 500.')),
  ),
  offset: z.optional(
    z.pipe(z.string().check(z.regex(/^\d{1,12}$/, 'Must be a non-negative integer.')), z.transform(Number)),
  ),
  after: z.optional(isoDateTime),
  before: z.optional(isoDateTime),
  level: z.optional(
    z.pipe(
      z.pipe(
        z.array(z.string()),
        z.transform((values) => values.flatMap((v) => v.split(',')).filter((v) => v.trim() !== '')),
      ),
      z.array(levelParam),
    ),
  ),
  search: z.optional(z.string().check(z.maxLength(500))),
  instance_id: z.optional(z.string().check(z.maxLength(200))),
})
export type LogsQuery = z.output<typeof logsQuery>
