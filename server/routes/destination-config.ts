import { z } from 'zod'
import { REQUIRED_SECRETS, type RunnableDestinationType } from '../../src/contracts/batch-exports'
import { httpConfigInput, noopConfigInput, postgresConfigInput } from '../../src/contracts/destinations'
import { s3ConfigInput, type Compression, type FileFormat } from '../../src/contracts/s3'
import { WRITABLE_COMPRESSIONS } from '../engine/formats/encoder'
import { drfHttpError, toDrfError } from '../http/drf-errors'
import { invalid } from '../http/errors'

const SCHEMAS: Record<RunnableDestinationType, z.core.$ZodType<Record<string, unknown>>> = {
  S3: s3ConfigInput,
  Postgres: postgresConfigInput,
  HTTP: httpConfigInput,
  NoOp: noopConfigInput,
}

const attr = (field: string) => `destination__config__${field}`

/**
 * A runnable destination's whole config, checked field by field (types, required keys, PostHog's
 * format/compression pairs), plus what this server needs to run it: the secrets, and a compression
 * it can write. Returns the config with its defaults filled in.
 */
export function checkConfig(type: RunnableDestinationType, config: Record<string, unknown>): Record<string, unknown> {
  const parsed = z.safeParse(SCHEMAS[type], config)
  if (!parsed.success) throw drfHttpError(toDrfError(parsed.error, config, SCHEMAS[type], ['destination', 'config']))
  const checked = parsed.data
  for (const field of REQUIRED_SECRETS[type] ?? []) {
    if (typeof checked[field] !== 'string' || checked[field] === '')
      throw invalid(`Required for a new ${type} export.`, attr(field))
  }
  if (type === 'S3' && checked.compression) {
    const format = (checked.file_format ?? 'JSONLines') as FileFormat
    const compression = checked.compression as Compression
    if (!WRITABLE_COMPRESSIONS[format].includes(compression))
      throw invalid(
        `This server cannot write ${compression}-compressed ${format} files (PostHog can); choose ${WRITABLE_COMPRESSIONS[format].join(', ')} or no compression.`,
        attr('compression'),
      )
  }
  return checked
}
