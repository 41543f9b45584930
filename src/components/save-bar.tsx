import type { ReactNode } from 'react'
import { Button } from './button'

type SaveBarProps = {
  dirty: boolean
  submitting: boolean
  onDiscard: () => void
  /** What the bar says while nothing is changed ("" on a create form, a reason when read-only). */
  savedText?: ReactNode
  submitLabel?: string
  /** Save stays disabled until something changes (edit forms); a create form can submit its defaults. */
  requireChanges?: boolean
  /** Why the user cannot save at all (missing scope or role). */
  disabledReason?: string | null
}

/** The sticky bar at the bottom of a form: "Unsaved changes", Discard and the submit button. */
export function SaveBar({
  dirty,
  submitting,
  onDiscard,
  savedText = 'All changes saved',
  submitLabel = 'Save',
  requireChanges = true,
  disabledReason,
}: SaveBarProps) {
  return (
    <div className="save-bar" data-dirty={dirty || undefined}>
      <span className="save-bar-status" aria-live="polite">
        {dirty ? 'Unsaved changes' : savedText}
      </span>
      <Button disabled={!dirty || submitting} onClick={onDiscard}>
        Discard
      </Button>
      <Button
        type="submit"
        variant="primary"
        loading={submitting}
        disabled={requireChanges && !dirty}
        disabledReason={disabledReason}
      >
        {submitLabel}
      </Button>
    </div>
  )
}
