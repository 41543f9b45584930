import type { Organization, OrganizationPatch } from '../../contracts/organizations'

/** Every writable field of an organization, as the forms hold them. */
export type OrganizationFormValues = Required<OrganizationPatch>

export const ORGANIZATION_FIELDS = [
  'name',
  'logo_media_id',
  'is_member_join_email_enabled',
  'enforce_2fa',
  'is_ai_data_processing_approved',
] as const satisfies readonly (keyof OrganizationFormValues)[]

export const emptyOrganization: OrganizationFormValues = {
  name: '',
  logo_media_id: null,
  is_member_join_email_enabled: true,
  enforce_2fa: false,
  is_ai_data_processing_approved: false,
}

export function toFormValues(org: Organization): OrganizationFormValues {
  return {
    name: org.name,
    logo_media_id: org.logo_media_id,
    is_member_join_email_enabled: org.is_member_join_email_enabled,
    enforce_2fa: org.enforce_2fa,
    is_ai_data_processing_approved: org.is_ai_data_processing_approved,
  }
}

/** Only what the user changed, so a save never overwrites fields someone else edited meanwhile. */
export function changedValues(
  values: OrganizationPatch,
  dirty: Partial<Record<keyof OrganizationFormValues, boolean | undefined>>,
): OrganizationPatch {
  const patch: Record<string, unknown> = {}
  for (const field of ORGANIZATION_FIELDS) {
    if (dirty[field] && field in values) patch[field] = values[field]
  }
  return patch as OrganizationPatch
}
