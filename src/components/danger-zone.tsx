import type { ReactNode } from 'react'
import { useId, useState } from 'react'
import { Trash2 } from 'lucide-react'
import { describeError } from '../lib/api-error'
import type { Permission } from '../lib/permissions'
import { Button } from './button'
import { ConfirmDialog } from './confirm-dialog'

type DangerZoneProps = {
  /** What the action destroys, and that it cannot be undone. */
  description: ReactNode
  /** The button and the dialog's confirm button, e.g. "Delete organization". */
  actionLabel: string
  permission: Permission
  confirmTitle: string
  /** Exactly what will be lost, and whether it can be undone. */
  confirmDescription: ReactNode
  /** Type-to-confirm: the exact text the user must type. */
  confirmText?: string
  pending: boolean
  /** The failed attempt, shown inside the dialog. */
  error: unknown
  /** As the dialog opens, e.g. `mutation.reset` so an earlier failure is not shown again. */
  onOpen?: () => void
  /** Confirmed: start the deletion and call `close` once it succeeded. */
  onConfirm: (close: () => void) => void
}

/** The red "Danger zone" section: what goes, a delete button (with the reason when not allowed), a confirmation. */
export function DangerZone(props: DangerZoneProps) {
  const { description, actionLabel, permission, pending, error, onOpen, onConfirm } = props
  const [open, setOpen] = useState(false)
  const titleId = useId()
  const close = () => setOpen(false)

  return (
    <section className="danger-zone" aria-labelledby={titleId}>
      <div>
        <h2 id={titleId} className="section-title">
          Danger zone
        </h2>
        <p className="danger-zone-text">{description}</p>
        {!permission.allowed && <p className="field-help">{permission.reason}.</p>}
      </div>
      <Button
        variant="danger"
        icon={<Trash2 size={15} aria-hidden />}
        disabledReason={permission.reason}
        onClick={() => {
          onOpen?.()
          setOpen(true)
        }}
      >
        {actionLabel}
      </Button>
      <ConfirmDialog
        open={open}
        danger
        title={props.confirmTitle}
        description={props.confirmDescription}
        confirmText={props.confirmText}
        confirmLabel={actionLabel}
        pending={pending}
        error={error ? describeError(error) : null}
        onConfirm={() => onConfirm(close)}
        onCancel={close}
      />
    </section>
  )
}
