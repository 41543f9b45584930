import { z } from 'zod'

/**
 * Config of the destinations besides S3 that the reference server runs (PostHog's field names and
 * defaults: `PostgresInsertInputs`, `HttpInsertInputs`). Secrets are write-only: optional in the
 * input schema (required on create by the server, kept when left empty on edit), never returned.
 */

const eventNames = z.array(z.string().min(1).max(400)).max(1000).nullable().default(null)

const postgresPublicFields = {
  host: z.string().trim().min(1, 'This field may not be blank.').max(255),
  port: z.number().int().min(1).max(65535).default(5432),
  database: z.string().trim().min(1, 'This field may not be blank.').max(63),
  schema: z.string().trim().min(1, 'This field may not be blank.').max(63).default('public'),
  table_name: z.string().trim().min(1, 'This field may not be blank.').max(63),
  has_self_signed_cert: z.boolean().default(false),
  include_events: eventNames,
  exclude_events: eventNames,
}

/** Postgres config as the server returns it (loose: an export made elsewhere may carry other keys). */
export const postgresConfig = z.looseObject({
  host: z.string().optional(),
  port: z.number().optional(),
  database: z.string().optional(),
  schema: z.string().optional(),
  table_name: z.string().optional(),
  has_self_signed_cert: z.boolean().optional(),
})

export const postgresConfigInput = z.strictObject({
  ...postgresPublicFields,
  user: z.string().max(63).optional(),
  password: z.string().max(1024).optional(),
})
export type PostgresConfigInput = z.input<typeof postgresConfigInput>

export const httpConfig = z.looseObject({ url: z.string().optional() })

export const httpConfigInput = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: 'Enter an http(s) URL.' }).max(2048),
  token: z.string().max(1024).optional(),
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
