import type { ReactNode } from 'react'
import { useEffect, useId, useRef } from 'react'
import { X } from 'lucide-react'

type DialogProps = {
  open: boolean
  onClose: () => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  /** Role "alertdialog" for confirmations. */
  alert?: boolean
}

/** A modal on native <dialog>: focus trap, Escape and the top layer come from the browser. */
export function Dialog({ open, onClose, title, description, children, footer, alert }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const id = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal?.()
    if (!open && dialog.open) dialog.close()
  }, [open])

  if (!open) return null
  return (
    <dialog
      ref={ref}
      className="dialog"
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-desc` : undefined}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onMouseDown={(event) => {
        // A press on the backdrop (the dialog element itself, outside its box) closes it.
        if (event.target === ref.current) onClose()
      }}
    >
      <div className="dialog-box">
        <header className="dialog-header">
          <h2 id={`${id}-title`} className="dialog-title">
            {title}
          </h2>
          <button type="button" className="icon-btn" aria-label="Close" title="Close" onClick={onClose}>
            <X size={16} aria-hidden />
          </button>
        </header>
        {description && (
          <div id={`${id}-desc`} className="dialog-description">
            {description}
          </div>
        )}
        {children && <div className="dialog-body">{children}</div>}
        {footer && <footer className="dialog-footer">{footer}</footer>}
      </div>
    </dialog>
  )
}
