import { z } from 'zod'
import {
  batchExportCreate,
  batchExportPatch,
  isRunnableType,
  SECRET_FIELDS,
  type RunnableDestinationType,
} from '../../src/contracts/batch-exports'
import { destinationTest, testStep, testStepIndex } from '../../src/contracts/batch-export-runs'
import { storedConfig } from '../db/batch-exports'
import { destinationFor } from '../engine/destinations'
import { describeError } from '../engine/errors'
import { invalid, notFound } from '../http/errors'
import { parseBody } from '../http/validation'
import { route } from '../http/route'
import { exportRow, one, parent } from './batch-exports'
import { mergeConfig } from './batch-export-values'
import { checkConfig } from './destination-config'
import { organizationAccess } from '../auth/access'

/**
 * The connection test, under PostHog's names: `GET …/batch_exports/test/?destination=TYPE` lists
 * the steps, `POST …/run_test_step_new/` runs step `step` for an export not saved yet (its whole
 * body), `POST …/:id/run_test_step/` for a saved one (the body's config over the stored one, so
 * secrets left empty are the stored ones). Each step answers `{name, description, result}`.
 */

const tag = 'batch_exports'
const base = '/api/organizations/:organization_id/batch_exports/'
const STEP_TIMEOUT_MS = 30_000

function runnable(type: string): RunnableDestinationType {
  if (!isRunnableType(type)) throw notFound(`There is no connection test for ${type} destinations on this server.`)
  return type
}

const stepsOf = (type: string) => destinationFor(runnable(type)).testSteps

async function runStep(type: RunnableDestinationType, config: Record<string, unknown>, index: number) {
  const steps = stepsOf(type)
  const step = steps[index]
  if (!step) throw invalid(`A ${type} connection test has steps 0 to ${steps.length - 1}.`, 'step')
  let result
  try {
    result = await step.run(config, AbortSignal.timeout(STEP_TIMEOUT_MS))
  } catch (error) {
    result = {
      status: 'Failed' as const,
      message: `The test step failed with an unknown error: ${describeError(error)}.`,
    }
  }
  return { name: step.name, description: step.description, result }
}

const stepBody = z.looseObject({ step: z.optional(testStepIndex) })

function splitStep(body: z.output<typeof stepBody>) {
  const { step = 0, ...rest } = body
  return { step, rest }
}

export const batchExportTestRoutes = [
  route({
    method: 'GET',
    path: `${base}test/`,
    params: parent,
    scope: 'batch_export:read',
    summary: 'The steps of the connection test of a destination type',
    tag,
    query: z.object({ destination: z.string('This field is required.').max(64) }),
    response: destinationTest,
    handle: ({ db, auth, params, query }) => {
      organizationAccess(db, auth, params.organization_id)
      const steps = stepsOf(query.destination).map((s) => ({ name: s.name, description: s.description, result: null }))
      return { status: 200, body: { steps } }
    },
  }),
  route({
    method: 'POST',
    path: `${base}run_test_step_new/`,
    params: parent,
    scope: 'batch_export:write',
    summary: 'Run one step of the connection test for an export that is not saved yet (body: the export and `step`)',
    tag,
    body: stepBody,
    response: testStep,
    handle: async ({ db, auth, params, body }) => {
      organizationAccess(db, auth, params.organization_id)
      const { step, rest } = splitStep(body)
      const destination = parseBody(batchExportCreate, rest).destination
      const type = runnable(destination.type)
      const checked = checkConfig(type, destination.config)
      return { status: 200, body: await runStep(type, checked, step) }
    },
  }),
  route({
    method: 'POST',
    path: `${base}:id/run_test_step/`,
    params: one,
    scope: 'batch_export:write',
    summary:
      'Run one step of the connection test of a saved export; the body’s destination config overrides the stored one',
    tag,
    body: stepBody,
    response: testStep,
    handle: async ({ db, auth, params, body }) => {
      const { row } = exportRow(db, auth, params)
      const { step, rest } = splitStep(body)
      // The body is the export as the editor holds it (PostHog validates it with the export's serializer).
      const patch = { ...(parseBody(batchExportPatch, rest).destination?.config ?? {}) }
      for (const field of SECRET_FIELDS[row.destination_type] ?? [])
        if (patch[field] === '' || patch[field] === null) delete patch[field]
      const type = runnable(row.destination_type)
      const config = checkConfig(type, mergeConfig(storedConfig(row), patch))
      return { status: 200, body: await runStep(type, config, step) }
    },
  }),
]
