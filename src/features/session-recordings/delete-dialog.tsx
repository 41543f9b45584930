import { useQueries } from '@tanstack/react-query'
import { useScopePermission } from '../../api/permissions'
import { sharingQueries } from '../../api/sharing'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { plural } from '../../lib/format'
import { planBulkDelete, type SharingState } from './bulk-delete-plan'
import './delete-dialog.css'

type DeleteDialogProps = {
  projectId: number
  /** The recordings to delete; the dialog is open while this is non-empty. */
  ids: string[]
  /** Bulk deletes wait 5 seconds for an undo; a single delete goes at once. */
  undoable: boolean
  onConfirm: (ids: string[]) => void
  onCancel: () => void
}

/** Confirms a delete and says what it breaks: how many recordings, and how many public links stop working. */
export function DeleteDialog(props: DeleteDialogProps) {
  if (props.ids.length === 0) return null
  return <DeleteDialogBody {...props} />
}

function DeleteDialogBody({ projectId, ids, undoable, onConfirm, onCancel }: DeleteDialogProps) {
  const canReadSharing = useScopePermission('sharing_configuration:read').allowed
  const sharing = useQueries({
    queries: ids.map((id) => ({ ...sharingQueries.detail(projectId, id), enabled: canReadSharing })),
    combine: (results) =>
      new Map<string, SharingState>(
        results.map((r, i) => [ids[i]!, !canReadSharing || r.isError ? null : r.data?.enabled]),
      ),
  })
  const plan = planBulkDelete(ids, sharing)
  const one = plan.total === 1

  return (
    <ConfirmDialog
      open
      danger
      title={one ? 'Delete this recording?' : `Delete ${plural(plan.total, 'recording')}?`}
      description={
        <>
          <p className="rec-impact">
            {plan.checking ? `${plural(plan.total, 'recording')} — checking which are shared…` : plan.impact}.
          </p>
          <p>
            {undoable
              ? `You can undo for 5 seconds; after that ${one ? 'it is' : 'they are'} deleted for everyone and cannot be restored.`
              : 'It is deleted for everyone and cannot be restored.'}
          </p>
        </>
      }
      confirmLabel={one ? 'Delete recording' : `Delete ${plural(plan.total, 'recording')}`}
      pending={plan.checking}
      onConfirm={() => onConfirm(plan.ids)}
      onCancel={onCancel}
    />
  )
}
