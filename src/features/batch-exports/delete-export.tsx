import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { toast } from 'sonner'
import { Trash2 } from 'lucide-react'
import type { BatchExport } from '../../contracts'
import { useDeleteBatchExport } from '../../api/batch-exports'
import { describeError } from '../../api/errors'
import type { Permission } from '../../api/permissions'
import { Button } from '../../components/button'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { LEAVE_WITHOUT_ASKING } from '../../components/unsaved-changes-guard'

/** Danger zone: delete after a confirmation that says what goes; then back to the list. */
export function DeleteExport({ orgId, exp, permission }: { orgId: string; exp: BatchExport; permission: Permission }) {
  const [open, setOpen] = useState(false)
  const remove = useDeleteBatchExport(orgId)
  const navigate = useNavigate()

  const confirm = () =>
    remove.mutate(exp.id, {
      onSuccess: () => {
        setOpen(false)
        toast.success(`Deleted ${exp.name}`)
        navigate(`/orgs/${orgId}/batch-exports`, { replace: true, state: LEAVE_WITHOUT_ASKING })
      },
    })

  return (
    <section className="danger-zone" aria-labelledby="export-danger-title">
      <div>
        <h2 id="export-danger-title" className="section-title">
          Danger zone
        </h2>
        <p className="danger-zone-text">
          Delete this export with its run history and logs. Files already written to the destination stay there. This
          cannot be undone.
        </p>
      </div>
      <Button
        variant="danger"
        icon={<Trash2 size={15} aria-hidden />}
        disabledReason={permission.reason}
        onClick={() => {
          remove.reset()
          setOpen(true)
        }}
      >
        Delete export
      </Button>
      <ConfirmDialog
        open={open}
        danger
        title={`Delete ${exp.name}?`}
        description={
          <>
            <strong>{exp.name}</strong> stops running and its run history and logs are deleted. Data already exported
            stays at the destination. This cannot be undone; to stop it for a while, pause it instead.
          </>
        }
        confirmLabel="Delete export"
        pending={remove.isPending}
        error={remove.error ? describeError(remove.error) : null}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      />
    </section>
  )
}
