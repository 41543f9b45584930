import { useState } from 'react'
import { Controller, useFormContext } from 'react-hook-form'
import { Eye, EyeOff } from 'lucide-react'
import { COMPRESSIONS_BY_FORMAT, ENCRYPTIONS, FILE_FORMATS, S3_REGIONS } from '../../contracts'
import { Field, Input, Select } from '../../components/field'
import { Switch } from '../../components/switch'
import type { ExportFormValues } from './export-form-values'

type Props = {
  disabled: boolean
  /** Editing a stored S3 destination: empty secrets keep the stored ones. */ hasStoredSecrets: boolean
}

const prefix = 'destination.config' as const

/** The full S3 destination: bucket, region, prefix, credentials, format and compression, encryption, limits. */
export function S3Fields({ disabled, hasStoredSecrets }: Props) {
  const { register, control, watch, setValue, getValues, formState } = useFormContext<ExportFormValues>()
  const errors = formState.errors.destination?.config
  const [revealed, setRevealed] = useState(false)
  const format = watch(`${prefix}.file_format`)
  const encryption = watch(`${prefix}.encryption`)
  const allowed = COMPRESSIONS_BY_FORMAT[format]
  const keepHelp = hasStoredSecrets ? 'Leave empty to keep the current secret.' : undefined

  return (
    <>
      <div className="field-grid">
        <Field
          label="Bucket"
          required
          error={errors?.bucket_name?.message}
          help="3–63 lowercase letters, digits, dots and hyphens."
        >
          {(p) => (
            <Input
              {...p}
              className="mono"
              autoComplete="off"
              spellCheck={false}
              placeholder="my-company-exports"
              disabled={disabled}
              {...register(`${prefix}.bucket_name`)}
            />
          )}
        </Field>
        <Field label="Region" required error={errors?.region?.message}>
          {(p) => (
            <Select {...p} disabled={disabled} {...register(`${prefix}.region`)}>
              {S3_REGIONS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Field
        label="Key prefix"
        error={errors?.prefix?.message}
        help="Folder inside the bucket, e.g. posthog/events/. Empty writes to the bucket root."
      >
        {(p) => (
          <Input
            {...p}
            className="mono"
            autoComplete="off"
            spellCheck={false}
            placeholder="posthog/events/"
            disabled={disabled}
            {...register(`${prefix}.prefix`)}
          />
        )}
      </Field>
      <div className="field-grid">
        <Field
          label="Access key ID"
          required={!hasStoredSecrets}
          error={errors?.aws_access_key_id?.message}
          help={
            hasStoredSecrets ? 'Leave empty to keep the current key ID.' : 'Write-only: never shown again after saving.'
          }
        >
          {(p) => (
            <Input
              {...p}
              className="mono"
              autoComplete="off"
              spellCheck={false}
              placeholder={hasStoredSecrets ? 'Stored — unchanged' : 'AKIA…'}
              disabled={disabled}
              {...register(`${prefix}.aws_access_key_id`)}
            />
          )}
        </Field>
        <Field
          label="Secret access key"
          required={!hasStoredSecrets}
          error={errors?.aws_secret_access_key?.message}
          help={keepHelp ?? 'Write-only: never shown again after saving.'}
        >
          {(p) => (
            <div className="input-with-button">
              <Input
                {...p}
                type={revealed ? 'text' : 'password'}
                className="mono"
                autoComplete="new-password"
                spellCheck={false}
                placeholder={hasStoredSecrets ? '•••••••• stored' : ''}
                disabled={disabled}
                {...register(`${prefix}.aws_secret_access_key`)}
              />
              <button
                type="button"
                className="icon-btn"
                aria-label={revealed ? 'Hide what you typed' : 'Show what you typed'}
                title={revealed ? 'Hide what you typed' : 'Show what you typed'}
                aria-pressed={revealed}
                onClick={() => setRevealed((r) => !r)}
              >
                {revealed ? <EyeOff size={15} aria-hidden /> : <Eye size={15} aria-hidden />}
              </button>
            </div>
          )}
        </Field>
      </div>
      <div className="field-grid">
        <Field label="File format" error={errors?.file_format?.message}>
          {(p) => (
            <Select
              {...p}
              disabled={disabled}
              {...register(`${prefix}.file_format`, {
                onChange: (e: { target: { value: keyof typeof COMPRESSIONS_BY_FORMAT } }) => {
                  // A compression the new format does not support falls back to none.
                  const current = getValues(`${prefix}.compression`)
                  if (current && !COMPRESSIONS_BY_FORMAT[e.target.value].includes(current)) {
                    setValue(`${prefix}.compression`, '', { shouldDirty: true })
                  }
                },
              })}
            >
              {FILE_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label="Compression"
          error={errors?.compression?.message}
          help={`${format} allows ${allowed.join(', ')} or none.`}
        >
          {(p) => (
            <Select {...p} disabled={disabled} {...register(`${prefix}.compression`)}>
              <option value="">None</option>
              {allowed.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <div className="field-grid">
        <Field
          label="Encryption"
          error={errors?.encryption?.message}
          help="Server-side encryption of the written files."
        >
          {(p) => (
            <Select {...p} disabled={disabled} {...register(`${prefix}.encryption`)}>
              <option value="">None</option>
              {ENCRYPTIONS.map((e) => (
                <option key={e} value={e}>
                  {e === 'aws:kms' ? 'AWS KMS (aws:kms)' : 'S3 managed (AES256)'}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {encryption === 'aws:kms' && (
          <Field label="KMS key ID" required error={errors?.kms_key_id?.message} help="Key ID or ARN.">
            {(p) => (
              <Input
                {...p}
                className="mono"
                autoComplete="off"
                spellCheck={false}
                disabled={disabled}
                {...register(`${prefix}.kms_key_id`)}
              />
            )}
          </Field>
        )}
      </div>
      <div className="field-grid">
        <Field
          label="Endpoint URL"
          error={errors?.endpoint_url?.message}
          help="Only for S3-compatible storage (MinIO, R2). Empty uses AWS."
        >
          {(p) => (
            <Input
              {...p}
              type="url"
              className="mono"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://…"
              disabled={disabled}
              {...register(`${prefix}.endpoint_url`)}
            />
          )}
        </Field>
        <Field
          label="Max file size (MB)"
          error={errors?.max_file_size_mb?.message}
          help="Split larger exports into several files. Empty: one file per run."
        >
          {(p) => (
            <Input
              {...p}
              inputMode="numeric"
              className="num"
              autoComplete="off"
              disabled={disabled}
              {...register(`${prefix}.max_file_size_mb`)}
            />
          )}
        </Field>
      </div>
      <Controller
        control={control}
        name={`${prefix}.use_virtual_style_addressing`}
        render={({ field }) => (
          <Switch
            label="Virtual-hosted–style addressing"
            description="Address the bucket as bucket.endpoint rather than endpoint/bucket (some S3-compatible stores need it)."
            checked={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            disabled={disabled}
          />
        )}
      />
      <div className="field-grid">
        <Field
          label="Only these events"
          error={errors?.include_events?.message}
          help="Comma-separated event names. Empty exports every event."
        >
          {(p) => (
            <Input
              {...p}
              className="mono"
              autoComplete="off"
              spellCheck={false}
              placeholder="$pageview, signed_up"
              disabled={disabled}
              {...register(`${prefix}.include_events`)}
            />
          )}
        </Field>
        <Field label="Skip these events" error={errors?.exclude_events?.message} help="Comma-separated event names.">
          {(p) => (
            <Input
              {...p}
              className="mono"
              autoComplete="off"
              spellCheck={false}
              placeholder="$feature_flag_called"
              disabled={disabled}
              {...register(`${prefix}.exclude_events`)}
            />
          )}
        </Field>
      </div>
    </>
  )
}
