import { z } from 'zod'
import { isoDateTime } from './common'

export const project = z.looseObject({
  id: z.number().int(),
  uuid: z.uuid().optional(),
  organization: z.uuid(),
  name: z.string(),
  timezone: z.string().optional(),
  /** The public project token (`phc_…`) the SDK sends with every event; identifies the project to capture. */
  api_token: z.string().optional(),
  created_at: isoDateTime.optional(),
})
export type Project = z.infer<typeof project>

/**
 * The remote config a capture host answers at `/array/{api_token}/config` (what posthog-js fetches before
 * it records): the console asks it to know whether this server captures for the project (local mode)
 * or the project lives in the PostHog it proxies to.
 */
export const captureConfig = z.looseObject({
  token: z.string(),
  sessionRecording: z.union([z.literal(false), z.looseObject({ endpoint: z.string() })]),
})
