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
