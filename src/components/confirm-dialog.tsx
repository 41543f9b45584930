import type { FormEvent, ReactNode } from 'react'
import { useState } from 'react'
import { Button } from './button'
import { Callout } from './callout'
import { Dialog } from './dialog'
import { Field, Input } from './field'

type ConfirmDialogProps = {
  open: boolean
  title: ReactNode
  /** What will be lost, and whether it can be undone. */
  description: ReactNode
  confirmLabel: string
  cancelLabel?: string
  danger?: boolean
  /** Type-to-confirm: the exact text the user must type before confirming. */
  confirmText?: string
  pending?: boolean
  error?: string | null
  onConfirm: () => void
  onCancel: () => void
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!props.open) return null
  // Mounted only while open, so the typed text starts empty every time.
  return <ConfirmDialogBody {...props} />
}

function ConfirmDialogBody({
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger,
  confirmText,
  pending,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const [typed, setTyped] = useState('')
  const matches = confirmText === undefined || typed === confirmText
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (matches && !pending) onConfirm()
  }
  return (
    <Dialog open alert onClose={onCancel} title={title} description={description}>
      <form className="stack" onSubmit={submit}>
        {confirmText !== undefined && (
          <Field
            label={
              <>
                Type <strong className="mono">{confirmText}</strong> to confirm
              </>
            }
          >
            {(p) => (
              <Input
                {...p}
                value={typed}
                autoComplete="off"
                spellCheck={false}
                autoFocus
                onChange={(e) => setTyped(e.target.value)}
              />
            )}
          </Field>
        )}
        {error && (
          <Callout tone="danger" role="alert">
            {error}
          </Callout>
        )}
        <div className="dialog-footer">
          <Button onClick={onCancel} autoFocus={confirmText === undefined}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={pending} disabled={!matches}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
