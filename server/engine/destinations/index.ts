import { isRunnableType, RUNNABLE_DESTINATION_TYPES } from '../../../src/contracts/batch-exports'
import { ExportError } from '../errors'
import { httpDestination } from './http'
import { noopDestination } from './noop'
import { postgresDestination } from './postgres'
import { s3Destination } from './s3'
import type { Destination } from './types'

const DESTINATIONS = {
  S3: s3Destination,
  Postgres: postgresDestination,
  HTTP: httpDestination,
  NoOp: noopDestination,
} as Record<(typeof RUNNABLE_DESTINATION_TYPES)[number], Destination<never>>

/** Why this server refuses a destination type: said on create, and as a failed run for exports made elsewhere. */
export const cannotRun = (type: string) =>
  `This server cannot run ${type} exports: it exports to ${RUNNABLE_DESTINATION_TYPES.join(', ')}. ` +
  'Use PostHog itself (proxy mode) for other destinations.'

export function destinationFor(type: string): Destination<Record<string, unknown>> {
  if (!isRunnableType(type)) throw new ExportError(cannotRun(type), false)
  return DESTINATIONS[type] as unknown as Destination<Record<string, unknown>>
}
