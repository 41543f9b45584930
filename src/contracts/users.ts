import { z } from 'zod'
import { isoDateTime } from './common'
import { membershipLevel } from './organizations'
import { scope } from './scopes'

export const organizationSummary = z.looseObject({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  membership_level: membershipLevel.nullable(),
})

/** GET /api/users/@me/ */
export const me = z.looseObject({
  uuid: z.uuid(),
  distinct_id: z.string().optional(),
  first_name: z.string(),
  last_name: z.string().optional(),
  email: z.string(),
  organization: organizationSummary.nullable(),
  organizations: z.array(organizationSummary),
  team: z
    .looseObject({ id: z.number().int(), name: z.string(), organization: z.uuid().optional() })
    .nullable()
    .optional(),
})
export type Me = z.infer<typeof me>

/** GET /api/personal_api_keys/@current/ */
export const personalApiKey = z.object({
  id: z.string(),
  label: z.string(),
  mask_value: z.string(),
  scopes: z.array(z.union([scope, z.string()])),
  scoped_organizations: z.array(z.string()).nullable(),
  scoped_teams: z.array(z.number().int()).nullable(),
  created_at: isoDateTime,
  last_used_at: isoDateTime.nullable(),
})
export type PersonalApiKey = z.infer<typeof personalApiKey>
