import type { ComponentProps, ReactNode } from 'react'
import { useId } from 'react'

export type ControlProps = {
  id: string
  'aria-describedby'?: string
  'aria-invalid'?: boolean
  'aria-required'?: boolean
}

type FieldProps = {
  label: ReactNode
  help?: ReactNode
  error?: string
  required?: boolean
  /** Receives the id/aria wiring for the control. */
  children: (props: ControlProps) => ReactNode
}

/** Label above, control, help text below, inline error in red. */
export function Field({ label, help, error, required, children }: FieldProps) {
  const id = useId()
  const helpId = `${id}-help`
  const errorId = `${id}-error`
  const describedBy = [help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
        {required && (
          <span className="field-required" aria-hidden>
            *
          </span>
        )}
      </label>
      {children({
        id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        'aria-required': required || undefined,
      })}
      {help && (
        <p id={helpId} className="field-help">
          {help}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  )
}

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={['input', className].filter(Boolean).join(' ')} {...props} />
}

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={['input', 'select', className].filter(Boolean).join(' ')} {...props} />
}
