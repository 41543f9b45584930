import { z } from 'zod'
import { isoDateTime } from './common'

export const MEMBERSHIP_LEVEL = { member: 1, admin: 8, owner: 15 } as const
export const membershipLevel = z.union([z.literal(1), z.literal(8), z.literal(15)])
export type MembershipLevel = z.infer<typeof membershipLevel>

export const team = z.looseObject({
  id: z.number().int(),
  uuid: z.uuid(),
  name: z.string(),
  project_id: z.number().int().nullable().optional(),
  organization: z.uuid(),
  timezone: z.string().optional(),
})
export type Team = z.infer<typeof team>

export const projectRef = z.looseObject({
  id: z.number().int(),
  organization_id: z.uuid(),
  name: z.string(),
})

export const organization = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  logo_media_id: z.uuid().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  membership_level: membershipLevel.nullable(),
  plugins_access_level: z.number().int(),
  teams: z.array(team),
  projects: z.array(projectRef),
  available_product_features: z.array(z.unknown()),
  is_member_join_email_enabled: z.boolean(),
  metadata: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .nullable()
    .optional(),
  customer_id: z.string().nullable(),
  enforce_2fa: z.boolean().nullable(),
  member_count: z.union([z.number().int(), z.string()]),
  is_ai_data_processing_approved: z.boolean().nullable(),
})
export type Organization = z.infer<typeof organization>

const organizationFields = {
  name: z.string().trim().min(1, 'Name is required.').max(64, 'At most 64 characters.'),
  logo_media_id: z.uuid('Must be a media UUID.').nullable(),
  is_member_join_email_enabled: z.boolean(),
  enforce_2fa: z.boolean().nullable(),
  is_ai_data_processing_approved: z.boolean().nullable(),
}

/** POST /api/organizations/ — name required, the rest optional. */
export const organizationCreate = z.strictObject({
  ...organizationFields,
  logo_media_id: organizationFields.logo_media_id.optional(),
  is_member_join_email_enabled: organizationFields.is_member_join_email_enabled.optional(),
  enforce_2fa: organizationFields.enforce_2fa.optional(),
  is_ai_data_processing_approved: organizationFields.is_ai_data_processing_approved.optional(),
})
export type OrganizationCreate = z.infer<typeof organizationCreate>

/** PATCH /api/organizations/:id/ — any of the five writable fields. */
export const organizationPatch = z.strictObject(organizationFields).partial()
export type OrganizationPatch = z.infer<typeof organizationPatch>
