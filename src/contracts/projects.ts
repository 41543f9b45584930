import { z } from 'zod'
import { isoDateTime } from './common'

export const project = z.looseObject({
  id: z.number().int(),
  uuid: z.uuid().optional(),
  organization: z.uuid(),
  name: z.string(),
  timezone: z.string().optional(),
  created_at: isoDateTime.optional(),
})
export type Project = z.infer<typeof project>
