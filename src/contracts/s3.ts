import * as z from 'zod/mini'

export const S3_REGIONS = [
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
  'af-south-1',
  'ap-east-1',
  'ap-south-1',
  'ap-south-2',
  'ap-northeast-1',
  'ap-northeast-2',
  'ap-northeast-3',
  'ap-southeast-1',
  'ap-southeast-2',
  'ap-southeast-3',
  'ap-southeast-4',
  'ca-central-1',
  'ca-west-1',
  'eu-central-1',
  'eu-central-2',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'eu-north-1',
  'eu-south-1',
  'eu-south-2',
  'il-central-1',
  'me-south-1',
  'me-central-1',
  'sa-east-1',
  'us-gov-east-1',
  'us-gov-west-1',
] as const

export const FILE_FORMATS = ['JSONLines', 'Parquet'] as const
export const COMPRESSIONS = ['gzip', 'brotli', 'zstd', 'lz4', 'snappy'] as const
export type FileFormat = (typeof FILE_FORMATS)[number]
export type Compression = (typeof COMPRESSIONS)[number]

/** Which compression each file format allows (as PostHog's S3 destination does). */
export const COMPRESSIONS_BY_FORMAT: Record<FileFormat, readonly Compression[]> = {
  JSONLines: ['gzip', 'brotli'],
  Parquet: ['zstd', 'lz4', 'snappy', 'gzip', 'brotli'],
}

export const ENCRYPTIONS = ['AES256', 'aws:kms'] as const

/** Returns why `name` breaks S3's bucket naming rules, or null when it is valid. */
export function bucketNameProblem(name: string): string | null {
  if (name.length < 3 || name.length > 63) return 'Bucket names are 3 to 63 characters long.'
  if (!/^[a-z0-9.-]+$/.test(name)) return 'Use only lowercase letters, digits, dots and hyphens.'
  if (!/^[a-z0-9].*[a-z0-9]$/.test(name)) return 'Begin and end with a letter or digit.'
  if (name.includes('..')) return 'No two adjacent dots.'
  if (/^\d+\.\d+\.\d+\.\d+$/.test(name)) return 'Must not look like an IP address.'
  if (name.startsWith('xn--') || name.startsWith('sthree-')) return 'Must not start with "xn--" or "sthree-".'
  if (name.endsWith('-s3alias') || name.endsWith('--ol-s3')) return 'Must not end with "-s3alias" or "--ol-s3".'
  return null
}

const bucketName = z.string().check(
  z.superRefine((value, ctx) => {
    const problem = bucketNameProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  }),
)

/** S3 config fields everyone may read back (secrets excluded). */
const s3PublicFields = {
  bucket_name: bucketName,
  region: z.enum(S3_REGIONS, 'Choose an AWS region.'),
  prefix: z.string().check(z.maxLength(1024)),
  compression: z._default(z.nullable(z.enum(COMPRESSIONS)), null),
  file_format: z._default(z.enum(FILE_FORMATS), 'JSONLines'),
  encryption: z._default(z.nullable(z.enum(ENCRYPTIONS)), null),
  kms_key_id: z._default(z.nullable(z.string().check(z.maxLength(2048))), null),
  endpoint_url: z._default(z.nullable(z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL.' })), null),
  max_file_size_mb: z._default(z.nullable(z.number().check(z.int(), z.positive(), z.lte(100_000))), null),
  use_virtual_style_addressing: z._default(z.boolean(), false),
  include_events: z._default(z.nullable(z.array(z.string().check(z.minLength(1)))), null),
  exclude_events: z._default(z.nullable(z.array(z.string().check(z.minLength(1)))), null),
}

type S3Shape = {
  file_format?: FileFormat
  compression?: Compression | null
  encryption?: string | null
  kms_key_id?: string | null
}

/** Cross-field S3 rules: compression allowed by the format, a KMS key with aws:kms. */
export function refineS3(config: S3Shape, ctx: z.core.$RefinementCtx) {
  const format = config.file_format ?? 'JSONLines'
  if (config.compression && !COMPRESSIONS_BY_FORMAT[format].includes(config.compression)) {
    ctx.addIssue({
      code: 'custom',
      path: ['compression'],
      message: `${format} allows ${COMPRESSIONS_BY_FORMAT[format].join(', ')} or no compression.`,
    })
  }
  if (config.encryption === 'aws:kms' && !config.kms_key_id) {
    ctx.addIssue({ code: 'custom', path: ['kms_key_id'], message: 'A KMS key id is required with aws:kms.' })
  }
}

/** S3 config as the server returns it: no secrets. */
export const s3Config = z.looseObject({
  ...s3PublicFields,
  compression: s3PublicFields.compression,
})

/** S3 config as written: secrets optional here (required on create, kept when empty on edit). */
export const s3ConfigInput = z
  .strictObject({
    ...s3PublicFields,
    aws_access_key_id: z.optional(z.string().check(z.maxLength(256))),
    aws_secret_access_key: z.optional(z.string().check(z.maxLength(1024))),
  })
  .check(z.superRefine(refineS3))
export type S3ConfigInput = z.input<typeof s3ConfigInput>
