import type { ReactNode } from 'react'
import { useId } from 'react'

type SwitchProps = {
  label: ReactNode
  description?: ReactNode
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
  /** Why it is disabled; shown as a tooltip. */
  disabledReason?: string | null
  name?: string
  onBlur?: () => void
}

/** A labelled on/off switch (role="switch"), label on the left, toggle on the right. */
export function Switch({ label, description, checked, onChange, disabled, disabledReason, name, onBlur }: SwitchProps) {
  const id = useId()
  return (
    <div className="switch-row" title={disabledReason ?? undefined}>
      <div className="switch-text">
        <label id={`${id}-label`} htmlFor={id} className="switch-label">
          {label}
        </label>
        {description && (
          <p id={`${id}-desc`} className="field-help">
            {description}
          </p>
        )}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        name={name}
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-desc` : undefined}
        disabled={disabled}
        className="switch"
        onClick={() => onChange(!checked)}
        onBlur={onBlur}
      >
        <span className="switch-thumb" aria-hidden />
      </button>
    </div>
  )
}
