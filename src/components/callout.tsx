import type { ReactNode } from 'react'
import { AlertTriangle, Info, OctagonAlert } from 'lucide-react'

type CalloutProps = {
  tone?: 'info' | 'warning' | 'danger'
  title?: ReactNode
  children?: ReactNode
  role?: 'alert' | 'status' | 'note'
  action?: ReactNode
}

const icons = { info: Info, warning: AlertTriangle, danger: OctagonAlert }

/** An inline message box: read-only notices, form-level errors. */
export function Callout({ tone = 'info', title, children, role = 'note', action }: CalloutProps) {
  const Icon = icons[tone]
  return (
    <div className={`callout callout-${tone}`} role={role}>
      <Icon size={16} className="callout-icon" aria-hidden />
      <div className="callout-text">
        {title && <p className="callout-title">{title}</p>}
        {children && <div>{children}</div>}
      </div>
      {action}
    </div>
  )
}
