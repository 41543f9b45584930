import type { Destination } from '../../contracts/batch-exports'

const HINT_FIELDS = ['url', 'host', 'account', 'project_id', 'server_hostname', 'container_name', 'database'] as const
/** PostHog's S3 family: the legacy type and the integration-based ones write to a bucket and prefix alike. */
const S3_FAMILY = ['S3', 'AwsS3', 'S3Compatible']

/** Where an export writes, in one line: `s3://bucket/prefix`, or the destination's host/account. */
export function destinationTarget(destination: Destination): string | null {
  const config: Record<string, unknown> = destination.config
  const type = destination.type === 'Unreadable' ? destination.declared : destination.type
  if (S3_FAMILY.includes(type) && typeof config.bucket_name === 'string' && config.bucket_name) {
    const prefix = typeof config.prefix === 'string' ? config.prefix.replace(/^\/+/, '') : ''
    return `s3://${config.bucket_name}/${prefix}`
  }
  for (const field of HINT_FIELDS) {
    const value = config[field]
    if (typeof value === 'string' && value) return value
  }
  return null
}
