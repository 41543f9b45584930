import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { toast } from 'sonner'
import { Trash2 } from 'lucide-react'
import type { Organization } from '../../contracts'
import { describeError } from '../../api/errors'
import { useDeleteOrganization } from '../../api/organizations'
import type { Permission } from '../../api/permissions'
import { Button } from '../../components/button'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { LEAVE_WITHOUT_ASKING } from '../../components/unsaved-changes-guard'
import { plural } from '../../lib/format'

/** Delete, owners only, confirmed by typing the name; then back to the list, the org gone everywhere. */
export function DangerZone({ organization, permission }: { organization: Organization; permission: Permission }) {
  const [open, setOpen] = useState(false)
  const remove = useDeleteOrganization()
  const navigate = useNavigate()

  const confirm = () =>
    remove.mutate(organization.id, {
      onSuccess: () => {
        setOpen(false)
        toast.success(`Deleted ${organization.name}`)
        navigate('/orgs', { replace: true, state: LEAVE_WITHOUT_ASKING })
      },
    })

  return (
    <section className="danger-zone" aria-labelledby="danger-zone-title">
      <div>
        <h2 id="danger-zone-title" className="section-title">
          Danger zone
        </h2>
        <p className="danger-zone-text">
          Delete this organization with its {plural(organization.projects.length, 'project')}, their recordings and
          batch exports. This cannot be undone.
        </p>
        {!permission.allowed && <p className="field-help">{permission.reason}.</p>}
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
        Delete organization
      </Button>
      <ConfirmDialog
        open={open}
        danger
        title={`Delete ${organization.name}?`}
        description={
          <>
            This permanently deletes <strong>{organization.name}</strong>, its{' '}
            {plural(organization.projects.length, 'project')}, and all their recordings and batch exports for every
            member. It cannot be undone.
          </>
        }
        confirmText={organization.name}
        confirmLabel="Delete organization"
        pending={remove.isPending}
        error={remove.error ? describeError(remove.error) : null}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      />
    </section>
  )
}
