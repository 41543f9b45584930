import { useNavigate } from 'react-router-dom'
import type { BatchExport } from '../../contracts/batch-exports'
import { useDeleteBatchExport } from '../../api/batch-exports'
import type { Permission } from '../../lib/permissions'
import { DangerZone } from '../../components/danger-zone'
import { LEAVE_WITHOUT_ASKING } from '../../components/unsaved-changes-guard'

/** Danger zone: delete after a confirmation that says what goes; then back to the list. */
export function DeleteExport({ orgId, exp, permission }: { orgId: string; exp: BatchExport; permission: Permission }) {
  const remove = useDeleteBatchExport(orgId)
  const navigate = useNavigate()

  return (
    <DangerZone
      description="Delete this export with its run history and logs. Files already written to the destination stay there. This cannot be undone."
      actionLabel="Delete export"
      permission={permission}
      confirmTitle={`Delete ${exp.name}?`}
      confirmDescription={
        <>
          <strong>{exp.name}</strong> stops running and its run history and logs are deleted. Data already exported
          stays at the destination. This cannot be undone; to stop it for a while, pause it instead.
        </>
      }
      pending={remove.isPending}
      error={remove.error}
      onOpen={remove.reset}
      onConfirm={(close) =>
        remove.mutate(exp, {
          onSuccess: () => {
            close()
            navigate(`/orgs/${orgId}/batch-exports`, { replace: true, state: LEAVE_WITHOUT_ASKING })
          },
        })
      }
    />
  )
}
