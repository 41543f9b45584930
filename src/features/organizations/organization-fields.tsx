import { useFormContext } from 'react-hook-form'
import { Field, Input } from '../../components/field'
import { SwitchField } from '../../components/switch-field'
import type { OrganizationFormValues } from './organization-values'

type Props = { disabled?: boolean; disabledReason?: string | null }

/** The inputs shared by the create page and the settings form. */
export function OrganizationFields({ disabled, disabledReason }: Props) {
  const { register, formState } = useFormContext<OrganizationFormValues>()
  const { errors } = formState
  const trimToNull = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null)

  return (
    <>
      <section className="form-section" aria-labelledby="org-general">
        <h2 id="org-general" className="section-title">
          General
        </h2>
        <Field label="Name" required error={errors.name?.message} help="Shown to every member. At most 64 characters.">
          {(p) => (
            <Input
              {...p}
              autoComplete="off"
              disabled={disabled}
              title={disabledReason ?? undefined}
              {...register('name')}
            />
          )}
        </Field>
        <Field
          label="Logo media ID"
          error={errors.logo_media_id?.message}
          help="UUID of an uploaded image. Leave empty for no logo."
        >
          {(p) => (
            <Input
              {...p}
              className="mono"
              autoComplete="off"
              spellCheck={false}
              placeholder="00000000-0000-0000-0000-000000000000"
              disabled={disabled}
              title={disabledReason ?? undefined}
              {...register('logo_media_id', { setValueAs: trimToNull })}
            />
          )}
        </Field>
      </section>
      <section className="form-section" aria-labelledby="org-members">
        <h2 id="org-members" className="section-title">
          Members and security
        </h2>
        <SwitchField<OrganizationFormValues>
          name="is_member_join_email_enabled"
          label="Email all members when someone joins"
          description="Everyone in the organization gets a short note about each new member."
          disabled={disabled}
          disabledReason={disabledReason}
        />
        <SwitchField<OrganizationFormValues>
          name="enforce_2fa"
          label="Enforce two-factor authentication"
          description="Members without 2FA must set it up before they can use the organization."
          disabled={disabled}
          disabledReason={disabledReason}
        />
        <SwitchField<OrganizationFormValues>
          name="is_ai_data_processing_approved"
          label="Approve AI data processing"
          description="Lets AI features send this organization's data to third-party model providers."
          disabled={disabled}
          disabledReason={disabledReason}
        />
      </section>
    </>
  )
}
