import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query'
import { useParams, type LoaderFunctionArgs } from 'react-router-dom'
import { organizationQueries } from '../../api/organizations'
import { useScopes } from '../../api/permissions'
import { allOf, membershipName, membershipPermission, scopePermission } from '../../lib/permissions'
import { Badge } from '../../components/badge'
import { PageHeader } from '../../components/page-header'
import { useDocumentTitle } from '../../components/use-document-title'
import { DeleteOrganization } from './delete-organization'
import { OrganizationFacts } from './organization-facts'
import { OrganizationSettingsForm } from './organization-settings-form'
import './organizations.css'

/** The route's loader: the organization is requested with the page's code. */
export function loader(client: QueryClient, { params }: LoaderFunctionArgs) {
  void client.prefetchQuery(organizationQueries.detail(params.orgId ?? ''))
}

/** /orgs/:orgId — settings, facts and the danger zone of one organization. */
export function OrganizationPage() {
  const { orgId = '' } = useParams()
  const { data: org } = useSuspenseQuery(organizationQueries.detail(orgId))
  const scopes = useScopes()
  useDocumentTitle(org.name, 'Organizations')

  const write = scopePermission(scopes, 'organization:write')
  const canEdit = allOf(write, membershipPermission(org.membership_level, 'admin'))
  const canDelete = allOf(write, membershipPermission(org.membership_level, 'owner'))
  const role = membershipName(org.membership_level)

  return (
    <div className="page">
      <PageHeader
        breadcrumbs={[{ label: 'Organizations', to: '/orgs' }, { label: org.name }]}
        title={org.name}
        meta={<Badge tone={role === 'owner' ? 'accent' : 'grey'}>{role}</Badge>}
        description="Name, logo, member notifications and security policy of this organization."
      />
      <div className="settings-layout">
        {/* Keyed by id: another organization starts a fresh form with its own defaults. */}
        <OrganizationSettingsForm key={org.id} organization={org} permission={canEdit} />
        <OrganizationFacts organization={org} />
      </div>
      <DeleteOrganization organization={org} permission={canDelete} />
    </div>
  )
}
