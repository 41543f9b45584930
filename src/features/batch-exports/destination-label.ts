import type { Destination } from '../../contracts/batch-exports'

const HINT_FIELDS = ['url', 'host', 'account', 'project_id', 'server_hostname', 'container_name', 'database'] as const

/** Where an export writes, in one line: `s3://bucket/prefix`, or the destination's host/account. */
export function destinationTarget(destination: Destination): string | null {
  if (destination.type === 'S3') {
    const prefix = destination.config.prefix.replace(/^\/+/, '')
    return `s3://${destination.config.bucket_name}/${prefix}`
  }
  for (const field of HINT_FIELDS) {
    const value = destination.config[field]
    if (typeof value === 'string' && value) return value
  }
  return null
}
