import * as z from 'zod/mini'

/**
 * Config of the destinations besides S3 that the reference server runs (PostHog's field names and
 * defaults: `PostgresInsertInputs`, `HttpInsertInputs`). Secrets are write-only: optional in the
 * input schema (required on create by the server, kept when left empty on edit), never returned.
 */

const eventNames = z._default(
  z.nullable(z.array(z.string().check(z.minLength(1), z.maxLength(400))).check(z.maxLength(1000))),
  null,
)

/** A trimmed text that may not be blank, as DRF's CharField says it. */
const requiredText = (max: number) =>
  z.string().check(z.trim(), z.minLength(1, 'This field may not be blank.'), z.maxLength(max))

const postgresPublicFields = {
  host: requiredText(255),
  port: z._default(z.number().check(z.int(), z.gte(1), z.lte(65535)), 5432),
  database: requiredText(63),
  schema: z._default(requiredText(63), 'public'),
  table_name: requiredText(63),
  has_self_signed_cert: z._default(z.boolean(), false),
  include_events: eventNames,
  exclude_events: eventNames,
}

/** Postgres config as the server returns it (loose: an export made elsewhere may carry other keys). */
export const postgresConfig = z.looseObject({
  host: z.optional(z.string()),
  port: z.optional(z.number()),
  database: z.optional(z.string()),
  schema: z.optional(z.string()),
  table_name: z.optional(z.string()),
  has_self_signed_cert: z.optional(z.boolean()),
})

export const postgresConfigInput = z.strictObject({
  ...postgresPublicFields,
  user: z.optional(z.string().check(z.maxLength(63))),
  password: z.optional(z.string().check(z.maxLength(1024))),
})
export type PostgresConfigInput = z.input<typeof postgresConfigInput>

export const httpConfig = z.looseObject({ url: z.optional(z.string()) })

export const httpConfigInput = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: 'Enter an http(s) URL.' }).check(z.maxLength(2048)),
  token: z.optional(z.string().check(z.maxLength(1024))),
  include_events: eventNames,
  exclude_events: eventNames,
})
export type HttpConfigInput = z.input<typeof httpConfigInput>

export const noopConfigInput = z.strictObject({ include_events: eventNames, exclude_events: eventNames })

/** Required keys per destination type the server does not run, as a starting template in the editor. */
export const CONFIG_TEMPLATES: Record<string, Record<string, unknown>> = {
  Snowflake: { account: '', database: '', warehouse: '', schema: '', table_name: 'events', user: '', password: '' },
  Redshift: { host: '', port: 5439, database: '', schema: 'public', table_name: 'events', user: '', password: '' },
  BigQuery: { project_id: '', dataset_id: '', table_id: 'events', private_key: '', client_email: '' },
  Databricks: { http_path: '', catalog: '', schema: '', table_name: 'events' },
  AzureBlob: { container_name: '', prefix: '', file_format: 'JSONLines', compression: null },
  AwsS3: { bucket_name: '', region: 'us-east-1', prefix: '', file_format: 'JSONLines', compression: null },
  S3Compatible: { bucket_name: '', region: 'us-east-1', prefix: '', file_format: 'JSONLines', compression: null },
  Workflows: {},
  FileDownload: {},
}
