import { useNavigate } from 'react-router-dom'
import type { Organization } from '../../contracts/organizations'
import { useDeleteOrganization } from '../../api/organizations'
import type { Permission } from '../../lib/permissions'
import { DangerZone } from '../../components/danger-zone'
import { LEAVE_WITHOUT_ASKING } from '../../components/unsaved-changes-guard'
import { plural } from '../../lib/format'

/** Delete, owners only, confirmed by typing the name; then back to the list, the org gone everywhere. */
export function DeleteOrganization({
  organization,
  permission,
}: {
  organization: Organization
  permission: Permission
}) {
  const remove = useDeleteOrganization()
  const navigate = useNavigate()
  const projects = plural(organization.projects.length, 'project')

  return (
    <DangerZone
      description={`Delete this organization with its ${projects}, their recordings and batch exports. This cannot be undone.`}
      actionLabel="Delete organization"
      permission={permission}
      confirmTitle={`Delete ${organization.name}?`}
      confirmDescription={
        <>
          This permanently deletes <strong>{organization.name}</strong>, its {projects}, and all their recordings and
          batch exports for every member. It cannot be undone.
        </>
      }
      confirmText={organization.name}
      pending={remove.isPending}
      error={remove.error}
      onOpen={remove.reset}
      onConfirm={(close) =>
        remove.mutate(organization, {
          onSuccess: () => {
            close()
            navigate('/orgs', { replace: true, state: LEAVE_WITHOUT_ASKING })
          },
        })
      }
    />
  )
}
