import { useState, type ComponentProps } from 'react'
import { get, useFormContext, type FieldPath } from 'react-hook-form'
import { Eye, EyeOff } from 'lucide-react'
import { Field, Input } from '../../components/field'
import type { ExportFormValues } from './export-form-values'
import './batch-exports.css'
import './export-form.css'

type TextProps = Pick<ComponentProps<'input'>, 'placeholder' | 'type' | 'inputMode' | 'className'> & {
  name: FieldPath<ExportFormValues>
  label: string
  help?: string
  required?: boolean
  disabled: boolean
}

/** One typed destination setting: label, help and its error around an input that neither autocompletes nor spell-checks. */
export function TextSetting({ name, label, help, required, className = 'mono', ...input }: TextProps) {
  const { register, formState } = useFormContext<ExportFormValues>()
  const error = get(formState.errors, name) as { message?: string } | undefined
  return (
    <Field label={label} required={required} help={help} error={error?.message}>
      {(p) => (
        <Input {...p} className={className} autoComplete="off" spellCheck={false} {...input} {...register(name)} />
      )}
    </Field>
  )
}

type SecretProps = {
  name: FieldPath<ExportFormValues>
  label: string
  /** Editing a stored destination of this type: empty keeps the stored value. */
  stored: boolean
  disabled: boolean
}

/** A write-only secret: masked while typed (with a reveal toggle), "leave empty to keep" when one is stored. */
export function SecretSetting({ name, label, stored, disabled }: SecretProps) {
  const { register, formState } = useFormContext<ExportFormValues>()
  const [revealed, setRevealed] = useState(false)
  const error = get(formState.errors, name) as { message?: string } | undefined
  return (
    <Field
      label={label}
      required={!stored}
      error={error?.message}
      help={
        stored
          ? `Leave empty to keep the current ${label.toLowerCase()}.`
          : 'Write-only: never shown again after saving.'
      }
    >
      {(p) => (
        <div className="input-with-button">
          <Input
            {...p}
            type={revealed ? 'text' : 'password'}
            className="mono"
            autoComplete="new-password"
            spellCheck={false}
            placeholder={stored ? '•••••••• stored' : ''}
            disabled={disabled}
            {...register(name)}
          />
          <button
            type="button"
            className="icon-btn"
            aria-label={
              revealed ? `Hide the ${label.toLowerCase()} you typed` : `Show the ${label.toLowerCase()} you typed`
            }
            title={revealed ? 'Hide what you typed' : 'Show what you typed'}
            aria-pressed={revealed}
            onClick={() => setRevealed((r) => !r)}
          >
            {revealed ? <EyeOff size={15} aria-hidden /> : <Eye size={15} aria-hidden />}
          </button>
        </div>
      )}
    </Field>
  )
}

/** Include/exclude event names, comma-separated (what every destination of events filters by). */
export function EventFilterSettings({
  base,
  disabled,
}: {
  base: 'destination.postgres' | 'destination.http'
  disabled: boolean
}) {
  return (
    <div className="field-grid">
      <TextSetting
        name={`${base}.include_events`}
        label="Only these events"
        help="Comma-separated event names. Empty exports every event."
        placeholder="$pageview, signed_up"
        disabled={disabled}
      />
      <TextSetting
        name={`${base}.exclude_events`}
        label="Skip these events"
        help="Comma-separated event names."
        placeholder="$feature_flag_called"
        disabled={disabled}
      />
    </div>
  )
}
