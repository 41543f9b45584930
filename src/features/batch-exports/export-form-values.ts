import type { FieldErrors, Resolver } from 'react-hook-form'
import { toNestErrors } from '@hookform/resolvers'
import * as z from 'zod/mini'
import {
  BATCH_EXPORT_INTERVALS,
  BATCH_EXPORT_MODELS,
  DESTINATION_TYPES,
  SECRET_FIELDS,
  batchExportCreate,
  batchExportPatch,
  type ReadableExport,
  type BatchExportCreate,
  type BatchExportPatch,
  type DestinationInput,
  type DestinationType,
} from '../../contracts/batch-exports'
import { CONFIG_TEMPLATES } from '../../contracts/destinations'
import { COMPRESSIONS, ENCRYPTIONS, FILE_FORMATS } from '../../contracts/s3'
import { instantToLocalInput, toZonedIso, zonedToInstant } from '../../lib/schedule-zone'

/**
 * The editor's values: what the inputs hold (text for numbers, lists and JSON; wall times plus a
 * zone for the schedule). `toInput` turns them into the contract's input, which then validates.
 * Paths match the contract's wherever they can, so contract and server errors land on fields.
 */
const s3FormConfig = z.object({
  bucket_name: z.string(),
  region: z.string(),
  prefix: z.string(),
  aws_access_key_id: z.string(),
  aws_secret_access_key: z.string(),
  file_format: z.enum(FILE_FORMATS),
  compression: z.union([z.enum(COMPRESSIONS), z.literal('')]),
  encryption: z.union([z.enum(ENCRYPTIONS), z.literal('')]),
  kms_key_id: z.string(),
  endpoint_url: z.string(),
  max_file_size_mb: z.string(),
  use_virtual_style_addressing: z.boolean(),
  include_events: z.string(),
  exclude_events: z.string(),
})

const postgresFormConfig = z.object({
  host: z.string(),
  port: z.string(),
  database: z.string(),
  schema: z.string(),
  table_name: z.string(),
  user: z.string(),
  password: z.string(),
  has_self_signed_cert: z.boolean(),
  include_events: z.string(),
  exclude_events: z.string(),
})

const httpFormConfig = z.object({
  url: z.string(),
  token: z.string(),
  include_events: z.string(),
  exclude_events: z.string(),
})

const exportFormShape = z.object({
  name: z.string(),
  team_id: z.string(),
  model: z.enum(BATCH_EXPORT_MODELS),
  interval: z.enum(BATCH_EXPORT_INTERVALS),
  paused: z.boolean(),
  /** The export's zone: daily and weekly windows close in it, and the start and end are typed in it. */
  time_zone: z.string(),
  /** Day of week ('0' Sunday … '6'), weekly only; hour of day ('0'–'23'), daily and weekly. */
  offset_day: z.string(),
  offset_hour: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  hogql_query: z.string(),
  filters: z.string(),
  destination: z.object({
    type: z.enum(DESTINATION_TYPES),
    config: s3FormConfig,
    postgres: postgresFormConfig,
    http: httpFormConfig,
    json: z.string(),
  }),
})
export type ExportFormValues = z.infer<typeof exportFormShape>
export type S3FormConfig = ExportFormValues['destination']['config']
export type PostgresFormConfig = ExportFormValues['destination']['postgres']
export type HttpFormConfig = ExportFormValues['destination']['http']

export const emptyPostgresConfig: PostgresFormConfig = {
  host: '',
  port: '5432',
  database: '',
  schema: 'public',
  table_name: 'events',
  user: '',
  password: '',
  has_self_signed_cert: false,
  include_events: '',
  exclude_events: '',
}

export const emptyHttpConfig: HttpFormConfig = { url: '', token: '', include_events: '', exclude_events: '' }

/** The JSON a destination without its own form starts from: its required keys (empty for NoOp). */
export const configTemplate = (type: DestinationType) => JSON.stringify(CONFIG_TEMPLATES[type] ?? {}, null, 2)

/** Destination types with a form of their own (the rest are edited as JSON). */
export const STRUCTURED_TYPES: readonly DestinationType[] = ['S3', 'Postgres', 'HTTP', 'NoOp']

export const emptyS3Config: S3FormConfig = {
  bucket_name: '',
  region: 'us-east-1',
  prefix: '',
  aws_access_key_id: '',
  aws_secret_access_key: '',
  file_format: 'JSONLines',
  compression: 'gzip',
  encryption: '',
  kms_key_id: '',
  endpoint_url: '',
  max_file_size_mb: '',
  use_virtual_style_addressing: false,
  include_events: '',
  exclude_events: '',
}

export function emptyExport(timeZone: string): ExportFormValues {
  return {
    name: '',
    team_id: '',
    model: 'events',
    interval: 'hour',
    paused: false,
    time_zone: timeZone,
    offset_day: '0',
    offset_hour: '0',
    start_at: '',
    end_at: '',
    hogql_query: '',
    filters: '',
    destination: {
      type: 'S3',
      config: emptyS3Config,
      postgres: emptyPostgresConfig,
      http: emptyHttpConfig,
      json: '{}',
    },
  }
}

const listText = (v: unknown) => (Array.isArray(v) ? v.filter((x) => typeof x === 'string').join(', ') : '')
const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')
const jsonText = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v, null, 2))

/** The loaded export as the editor holds it, in its own zone. Write-only secrets start empty ("keep the current one"). */
export function toFormValues(exp: ReadableExport, fallbackZone: string): ExportFormValues {
  const timeZone = exp.timezone || fallbackZone
  const { destination } = exp
  const c: Record<string, unknown> = destination.config
  const config: S3FormConfig =
    destination.type === 'S3'
      ? {
          ...emptyS3Config,
          bucket_name: text(c.bucket_name),
          region: text(c.region),
          prefix: text(c.prefix),
          file_format: destination.config.file_format,
          compression: destination.config.compression ?? '',
          encryption: destination.config.encryption ?? '',
          kms_key_id: text(c.kms_key_id),
          endpoint_url: text(c.endpoint_url),
          max_file_size_mb: text(c.max_file_size_mb),
          use_virtual_style_addressing: Boolean(c.use_virtual_style_addressing),
          include_events: listText(c.include_events),
          exclude_events: listText(c.exclude_events),
        }
      : emptyS3Config
  return {
    name: exp.name,
    team_id: String(exp.team_id),
    model: exp.model ?? 'events',
    interval: exp.interval,
    paused: exp.paused,
    time_zone: timeZone,
    offset_day: String(exp.offset_day ?? 0),
    offset_hour: String(exp.offset_hour ?? 0),
    start_at: exp.start_at ? instantToLocalInput(exp.start_at, timeZone) : '',
    end_at: exp.end_at ? instantToLocalInput(exp.end_at, timeZone) : '',
    hogql_query: exp.hogql_query ?? '',
    filters: jsonText(exp.filters),
    destination: {
      type: destination.type,
      config,
      postgres:
        destination.type === 'Postgres'
          ? {
              ...emptyPostgresConfig,
              host: text(c.host),
              port: text(c.port) || '5432',
              database: text(c.database),
              schema: text(c.schema) || 'public',
              table_name: text(c.table_name),
              has_self_signed_cert: Boolean(c.has_self_signed_cert),
              include_events: listText(c.include_events),
              exclude_events: listText(c.exclude_events),
            }
          : emptyPostgresConfig,
      http:
        destination.type === 'HTTP'
          ? {
              ...emptyHttpConfig,
              url: text(c.url),
              include_events: listText(c.include_events),
              exclude_events: listText(c.exclude_events),
            }
          : emptyHttpConfig,
      json: STRUCTURED_TYPES.includes(destination.type) ? '{}' : JSON.stringify(destination.config, null, 2),
    },
  }
}

const blankToNull = (v: string) => (v.trim() === '' ? null : v.trim())
const splitList = (v: string) => {
  const items = v
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean)
  return items.length ? items : null
}

type Mode = { kind: 'create' } | { kind: 'edit'; storedType: DestinationType }

const INVALID = Symbol('invalid JSON')

/** Where the mapping from form values to the contract's input reports what it could not read. */
type Issues = { addIssue(issue: { code: 'custom'; path: PropertyKey[]; message: string }): void }

function parseJson(value: string, ctx: Issues, path: (string | number)[], label: string): unknown {
  try {
    return JSON.parse(value)
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^JSON\.parse: /, '') : ''
    ctx.addIssue({ code: 'custom', path, message: `${label} must be valid JSON${reason ? ` (${reason})` : ''}.` })
    return INVALID
  }
}

function toInstant(local: string, timeZone: string, ctx: Issues, path: string): string | null {
  if (local === '') return null
  const resolved = zonedToInstant(local, timeZone)
  if (!resolved) {
    ctx.addIssue({ code: 'custom', path: [path], message: 'Enter a complete date and time.' })
    return null
  }
  return toZonedIso(resolved.instant, timeZone)
}

/**
 * Write-only secrets: a new destination needs `required` ones; editing the stored type, an empty
 * one is left out so the server keeps what it has.
 */
function secretsOf(
  values: Record<string, unknown>,
  fields: readonly string[],
  required: readonly string[],
  ctx: Issues,
  mode: Mode,
  type: DestinationType,
  formKey: string,
) {
  const isNew = mode.kind === 'create' || mode.storedType !== type
  const out: Record<string, string> = {}
  for (const field of fields) {
    const value = typeof values[field] === 'string' ? (values[field] as string) : ''
    if (value !== '') out[field] = value
    else if (isNew && required.includes(field))
      ctx.addIssue({
        code: 'custom',
        path: ['destination', formKey, field],
        message: `Required for a new ${type} destination.`,
      })
  }
  return out
}

function wholeNumber(value: string, ctx: Issues, path: string[], message: string) {
  const trimmed = value.trim()
  if (trimmed !== '' && !/^\d+$/.test(trimmed)) ctx.addIssue({ code: 'custom', path, message })
  return trimmed === '' ? null : Number(trimmed)
}

function toDestination(v: ExportFormValues['destination'], ctx: Issues, mode: Mode): DestinationInput {
  if (v.type === 'Postgres') {
    const c = v.postgres
    const port = wholeNumber(c.port, ctx, ['destination', 'postgres', 'port'], 'A port number from 1 to 65535.')
    return {
      type: 'Postgres',
      config: {
        host: c.host.trim(),
        port: port ?? 5432,
        database: c.database.trim(),
        schema: c.schema.trim() || 'public',
        table_name: c.table_name.trim(),
        ...secretsOf(c, ['user', 'password'], ['user', 'password'], ctx, mode, 'Postgres', 'postgres'),
        has_self_signed_cert: c.has_self_signed_cert,
        include_events: splitList(c.include_events),
        exclude_events: splitList(c.exclude_events),
      },
    }
  }
  if (v.type === 'HTTP') {
    const c = v.http
    return {
      type: 'HTTP',
      config: {
        url: c.url.trim(),
        ...secretsOf(c, ['token'], ['token'], ctx, mode, 'HTTP', 'http'),
        include_events: splitList(c.include_events),
        exclude_events: splitList(c.exclude_events),
      },
    }
  }
  if (v.type === 'NoOp') return { type: 'NoOp', config: {} }
  if (v.type !== 'S3') {
    const config = v.json.trim() === '' ? {} : parseJson(v.json, ctx, ['destination', 'json'], 'The configuration')
    if (config === INVALID) return { type: v.type, config: {} }
    if (typeof config !== 'object' || config === null || Array.isArray(config)) {
      ctx.addIssue({
        code: 'custom',
        path: ['destination', 'json'],
        message: 'The configuration must be a JSON object.',
      })
      return { type: v.type, config: {} }
    }
    return { type: v.type, config: config as Record<string, unknown> }
  }
  const c = v.config
  const size = c.max_file_size_mb.trim()
  if (size !== '' && !/^\d+$/.test(size)) {
    ctx.addIssue({
      code: 'custom',
      path: ['destination', 'config', 'max_file_size_mb'],
      message: 'A whole number of megabytes.',
    })
  }
  // Editing an S3 export, an empty secret keeps the stored one; a new S3 destination needs both.
  const needsSecrets = mode.kind === 'create' || mode.storedType !== 'S3'
  const secrets: Record<string, string> = {}
  for (const field of SECRET_FIELDS.S3) {
    const value = c[field as 'aws_access_key_id' | 'aws_secret_access_key']
    if (value !== '') secrets[field] = value
    else if (needsSecrets)
      ctx.addIssue({
        code: 'custom',
        path: ['destination', 'config', field],
        message: 'Required for a new S3 destination.',
      })
  }
  return {
    type: 'S3',
    config: {
      bucket_name: c.bucket_name.trim(),
      region: c.region as never,
      prefix: c.prefix.trim(),
      ...secrets,
      file_format: c.file_format,
      compression: c.compression || null,
      encryption: c.encryption || null,
      kms_key_id: c.encryption === 'aws:kms' ? blankToNull(c.kms_key_id) : null,
      endpoint_url: blankToNull(c.endpoint_url),
      max_file_size_mb: size === '' ? null : Number(size),
      use_virtual_style_addressing: c.use_virtual_style_addressing,
      include_events: splitList(c.include_events),
      exclude_events: splitList(c.exclude_events),
    },
  }
}

/** Form values → the body the contract validates (everything; the edit page sends only what changed). */
function toInput(v: ExportFormValues, ctx: Issues, mode: Mode): BatchExportCreate {
  const parsed = v.filters.trim() === '' ? null : parseJson(v.filters, ctx, ['filters'], 'Filters')
  const filters = parsed === INVALID ? null : parsed
  return {
    name: v.name,
    model: v.model,
    interval: v.interval,
    destination: toDestination(v.destination, ctx, mode),
    timezone: v.time_zone,
    // PostHog's rules: the day only for weekly windows, the hour for daily and weekly ones.
    offset_day: v.interval === 'week' ? Number(v.offset_day) : null,
    offset_hour: v.interval === 'week' || v.interval === 'day' ? Number(v.offset_hour) : null,
    start_at: toInstant(v.start_at, v.time_zone, ctx, 'start_at'),
    end_at: toInstant(v.end_at, v.time_zone, ctx, 'end_at'),
    hogql_query: blankToNull(v.hogql_query),
    filters,
    ...(v.team_id ? { team_id: Number(v.team_id) } : {}),
    ...(mode.kind === 'create' ? { paused: v.paused } : {}),
  }
}

/**
 * The editor's schema: form values mapped onto the contract's create or update schema. The
 * contract runs even when the mapping found problems, so every error shows at once.
 */
export function exportFormSchema(mode: Mode) {
  const contract = mode.kind === 'create' ? batchExportCreate : batchExportPatch
  return z.pipe(
    exportFormShape,
    z.transform((v, payload): z.output<typeof contract> => {
      const ctx: Issues = { addIssue: (issue) => payload.issues.push({ ...issue, input: v }) }
      const result = contract.safeParse(toInput(v, ctx, mode))
      if (result.success) return result.data
      for (const { path, message } of result.error.issues) ctx.addIssue({ code: 'custom', path, message })
      return z.NEVER
    }),
  )
}

/** Every field an error can land on. */
const EXPORT_FIELDS = [
  'name',
  'team_id',
  'model',
  'interval',
  'paused',
  'start_at',
  'end_at',
  'hogql_query',
  'filters',
  'time_zone',
  'offset_day',
  'offset_hour',
  'destination.type',
  'destination.json',
  ...Object.keys(emptyS3Config).map((k) => `destination.config.${k}`),
  ...Object.keys(emptyPostgresConfig).map((k) => `destination.postgres.${k}`),
  ...Object.keys(emptyHttpConfig).map((k) => `destination.http.${k}`),
] as const

/** Where the config of each structured destination lives in the form. */
const FORM_KEY: Partial<Record<DestinationType, string>> = { S3: 'config', Postgres: 'postgres', HTTP: 'http' }

/**
 * Where a contract or server error path belongs in the form: list items on their list, any
 * config field of a JSON destination on its JSON box, unknown paths on the form itself.
 */
export function fieldForPath(path: readonly PropertyKey[], type: DestinationType): string | null {
  const [head, second, third] = path.map(String)
  if (head === 'destination') {
    if (second === 'json') return 'destination.json'
    if (second === 'postgres' || second === 'http') return `destination.${second}.${third}`
    if (second !== 'config') return 'destination.type'
    const key = FORM_KEY[type]
    if (!key) return type === 'NoOp' ? 'destination.type' : 'destination.json'
    const field = `destination.${key}.${third}`
    return (EXPORT_FIELDS as readonly string[]).includes(field) ? field : 'destination.type'
  }
  if (head === 'timezone') return 'time_zone'
  return head && (EXPORT_FIELDS as readonly string[]).includes(head) ? head : null
}

type Output = BatchExportCreate | BatchExportPatch

/** react-hook-form resolver over `exportFormSchema`, placing each issue with `fieldForPath`. */
export function exportResolver(mode: Mode): Resolver<ExportFormValues, unknown, Output> {
  const schema = exportFormSchema(mode)
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values)
    if (result.success) return { values: result.data as Output, errors: {} }
    const flat: Record<string, { type: string; message: string }> = {}
    for (const issue of result.error.issues) {
      const field = fieldForPath(issue.path, values.destination.type) ?? 'root.schema'
      flat[field] ??= { type: issue.code, message: issue.message }
    }
    return { values: {}, errors: toNestErrors(flat as FieldErrors, options) as FieldErrors<ExportFormValues> }
  }
}
