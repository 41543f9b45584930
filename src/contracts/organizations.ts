import * as z from 'zod/mini'
import { isoDateTime } from './common'

export const MEMBERSHIP_LEVEL = { member: 1, admin: 8, owner: 15 } as const
export const membershipLevel = z.union([z.literal(1), z.literal(8), z.literal(15)])
export type MembershipLevel = z.infer<typeof membershipLevel>

export const team = z.looseObject({
  id: z.number().check(z.int()),
  uuid: z.uuid(),
  name: z.string(),
  project_id: z.optional(z.nullable(z.number().check(z.int()))),
  organization: z.uuid(),
  timezone: z.optional(z.string()),
})
export type Team = z.infer<typeof team>

export const projectRef = z.looseObject({
  id: z.number().check(z.int()),
  organization_id: z.uuid(),
  name: z.string(),
})

export const organization = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  logo_media_id: z.nullable(z.uuid()),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  membership_level: z.nullable(membershipLevel),
  plugins_access_level: z.number().check(z.int()),
  teams: z.array(team),
  projects: z.array(projectRef),
  available_product_features: z.array(z.unknown()),
  is_member_join_email_enabled: z.boolean(),
  metadata: z.optional(z.nullable(z.union([z.string(), z.record(z.string(), z.unknown())]))),
  customer_id: z.nullable(z.string()),
  enforce_2fa: z.nullable(z.boolean()),
  member_count: z.union([z.number().check(z.int()), z.string()]),
  is_ai_data_processing_approved: z.nullable(z.boolean()),
})
export type Organization = z.infer<typeof organization>

const organizationFields = {
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required.'), z.maxLength(64, 'At most 64 characters.')),
  logo_media_id: z.nullable(z.uuid('Must be a media UUID.')),
  is_member_join_email_enabled: z.boolean(),
  enforce_2fa: z.nullable(z.boolean()),
  is_ai_data_processing_approved: z.nullable(z.boolean()),
}

/** POST /api/organizations/ — name required, the rest optional. */
export const organizationCreate = z.strictObject({
  ...organizationFields,
  logo_media_id: z.optional(organizationFields.logo_media_id),
  is_member_join_email_enabled: z.optional(organizationFields.is_member_join_email_enabled),
  enforce_2fa: z.optional(organizationFields.enforce_2fa),
  is_ai_data_processing_approved: z.optional(organizationFields.is_ai_data_processing_approved),
})
export type OrganizationCreate = z.infer<typeof organizationCreate>

/** PATCH /api/organizations/:id/ — any of the five writable fields. */
export const organizationPatch = z.partial(z.strictObject(organizationFields))
export type OrganizationPatch = z.infer<typeof organizationPatch>
