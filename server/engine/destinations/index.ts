import { z } from 'zod'
import {
  isRunnableType,
  RUNNABLE_DESTINATION_TYPES,
  type RunnableDestinationType,
} from '../../../src/contracts/batch-exports'
import { ExportError } from '../errors'
import { httpDestination } from './http'
import { noopDestination } from './noop'
import { postgresDestination } from './postgres'
import { s3Destination } from './s3'
import type { Destination, DestinationWriter, ExportContext, TestStepDefinition } from './types'

/** A config as the database stores it (JSON): each destination reads it with its own `config` schema. */
export type StoredConfig = Record<string, unknown>

/** A destination whatever its type, as the runner and the connection test hold it. */
export interface AnyDestination {
  open(config: StoredConfig, context: ExportContext): Promise<DestinationWriter>
  testSteps: TestStepDefinition<StoredConfig>[]
}

/**
 * The destination taking stored configs. One that does not read as the destination's config (only
 * possible for a database edited by hand: the API checks every config it saves) fails the run for good.
 */
function ofStored<C>(type: RunnableDestinationType, destination: Destination<C>): AnyDestination {
  const read = (config: StoredConfig): C => {
    const parsed = z.safeParse(destination.config, config)
    if (parsed.success) return parsed.data
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'config'}: ${i.message}`).join('; ')
    throw new ExportError(
      `The stored ${type} config cannot be used (${problems}). Edit the destination and save it.`,
      false,
    )
  }
  return {
    open: (config, context) => destination.open(read(config), context),
    testSteps: destination.testSteps.map((step) => ({
      ...step,
      run: (config, signal) => step.run(read(config), signal),
    })),
  }
}

const DESTINATIONS: Record<RunnableDestinationType, AnyDestination> = {
  S3: ofStored('S3', s3Destination),
  Postgres: ofStored('Postgres', postgresDestination),
  HTTP: ofStored('HTTP', httpDestination),
  NoOp: ofStored('NoOp', noopDestination),
}

/** Why this server refuses a destination type: said on create, and as a failed run for exports made elsewhere. */
export const cannotRun = (type: string) =>
  `This server cannot run ${type} exports: it exports to ${RUNNABLE_DESTINATION_TYPES.join(', ')}. ` +
  'Use PostHog itself (proxy mode) for other destinations.'

export function destinationFor(type: string): AnyDestination {
  if (!isRunnableType(type)) throw new ExportError(cannotRun(type), false)
  return DESTINATIONS[type]
}
