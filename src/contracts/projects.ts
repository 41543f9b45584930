import * as z from 'zod/mini'
import { isoDateTime } from './common'

export const project = z.looseObject({
  id: z.number().check(z.int()),
  uuid: z.optional(z.uuid()),
  organization: z.uuid(),
  name: z.string(),
  timezone: z.optional(z.string()),
  /** The public project token (`phc_…`) the SDK sends with every event; identifies the project to capture. */
  api_token: z.optional(z.string()),
  created_at: z.optional(isoDateTime),
})
export type Project = z.infer<typeof project>
