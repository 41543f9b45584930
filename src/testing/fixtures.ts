import type { Organization } from '../contracts'

/** A valid organization as the server returns it. */
export function organizationFixture(overrides: Partial<Organization> = {}): Organization {
  return {
    id: '7c1f4a5e-7b9e-4c1a-9a57-2f1e1f3b6d10',
    name: 'Acme',
    slug: 'acme',
    logo_media_id: null,
    created_at: '2026-01-05T10:00:00Z',
    updated_at: '2026-03-01T08:30:00Z',
    membership_level: 15,
    plugins_access_level: 9,
    teams: [],
    projects: [{ id: 1, organization_id: '7c1f4a5e-7b9e-4c1a-9a57-2f1e1f3b6d10', name: 'Web' }],
    available_product_features: [],
    is_member_join_email_enabled: true,
    metadata: null,
    customer_id: null,
    enforce_2fa: false,
    member_count: 3,
    is_ai_data_processing_approved: false,
    ...overrides,
  }
}
