import * as z from 'zod/mini'
import { isoDateTime, pageQuery } from './common'

/** GET …/batch_exports/:id/runs/ query: limit/offset, ordering as PostHog's runs viewset allows, optional created_at bounds. */
export const runsQuery = z.extend(pageQuery, {
  ordering: z.optional(
    z.enum(
      ['created_at', '-created_at', 'data_interval_start', '-data_interval_start'],
      'Ordering must be one of created_at, -created_at, data_interval_start, -data_interval_start.',
    ),
  ),
  after: z.optional(isoDateTime),
  before: z.optional(isoDateTime),
})
export type RunsQuery = z.output<typeof runsQuery>

/** POST …/runs/:run_id/cancel/ answers as PostHog does. */
export const cancelResult = z.object({ cancelled: z.literal(true) })

/** POST …/runs/:run_id/retry/ and POST …/backfill/: the backfill that (re-)exports the window(s). */
export const backfillResult = z.object({ backfill_id: z.string() })
export type BackfillResult = z.infer<typeof backfillResult>

/** POST …/unpause/ body: `backfill` exports the windows missed while paused. */
export const unpauseInput = z.strictObject({ backfill: z.optional(z.boolean('Must be a valid boolean.')) })
export type UnpauseInput = z.infer<typeof unpauseInput>
export const pauseResult = z.object({ paused: z.boolean() })

export const TEST_STEP_STATUSES = ['Passed', 'Failed', 'Skipped'] as const
export type TestStepStatus = (typeof TEST_STEP_STATUSES)[number]

/** One step of a destination test (PostHog's `DestinationTestStep.as_dict`). */
export const testStep = z.object({
  name: z.string(),
  description: z.string(),
  result: z.nullable(z.object({ status: z.enum(TEST_STEP_STATUSES), message: z.nullable(z.string()) })),
})
export type TestStep = z.infer<typeof testStep>

/** GET …/batch_exports/test/?destination=TYPE: the steps a connection test of that type runs. */
export const destinationTest = z.object({ steps: z.array(testStep) })
export type DestinationTest = z.infer<typeof destinationTest>

/** The `step` index added to an export body for POST …/run_test_step_new/ and …/:id/run_test_step/. */
export const testStepIndex = z
  .number('A valid integer is required.')
  .check(z.int('A valid integer is required.'), z.gte(0), z.lte(20))
