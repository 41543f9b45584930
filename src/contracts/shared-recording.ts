import * as z from 'zod/mini'
import { isoDateTime } from './common'

/**
 * What the server puts into a public recording page (`/shared/:token`, `/embedded/:token`) for its
 * player: the recording's times, as PostHog's shared serializer gives them, and where it lives.
 */
export const sharedRecording = z.object({
  project_id: z.number().check(z.int()),
  id: z.string(),
  recording_duration: z.number().check(z.int()),
  start_time: isoDateTime,
  end_time: isoDateTime,
  ongoing: z.boolean(),
  embedded: z.boolean(),
})
export type SharedRecording = z.infer<typeof sharedRecording>
