import * as z from 'zod/mini'
import { isoDateTime } from './common'
import { membershipLevel } from './organizations'
import { scope } from './scopes'

export const organizationSummary = z.looseObject({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  membership_level: z.nullable(membershipLevel),
})

/** GET /api/users/@me/ */
export const me = z.looseObject({
  uuid: z.uuid(),
  distinct_id: z.optional(z.string()),
  first_name: z.string(),
  last_name: z.optional(z.string()),
  email: z.string(),
  organization: z.nullable(organizationSummary),
  organizations: z.array(organizationSummary),
  team: z.optional(
    z.nullable(z.looseObject({ id: z.number().check(z.int()), name: z.string(), organization: z.optional(z.uuid()) })),
  ),
})
export type Me = z.infer<typeof me>

/** GET /api/personal_api_keys/@current/ */
export const personalApiKey = z.object({
  id: z.string(),
  label: z.string(),
  mask_value: z.string(),
  scopes: z.array(z.union([scope, z.string()])),
  scoped_organizations: z.nullable(z.array(z.string())),
  scoped_teams: z.nullable(z.array(z.number().check(z.int()))),
  created_at: isoDateTime,
  last_used_at: z.nullable(isoDateTime),
})
export type PersonalApiKey = z.infer<typeof personalApiKey>
