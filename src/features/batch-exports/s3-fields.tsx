import { useState, type ComponentProps } from 'react'
import { useFormContext } from 'react-hook-form'
import { Eye, EyeOff } from 'lucide-react'
import { COMPRESSIONS_BY_FORMAT, ENCRYPTIONS, FILE_FORMATS, S3_REGIONS } from '../../contracts/s3'
import { Field, Input, Select } from '../../components/field'
import { SwitchField } from '../../components/switch-field'
import type { ExportFormValues } from './export-form-values'
import './batch-exports.css'
import './export-form.css'

type Props = {
  disabled: boolean
  /** Editing a stored S3 destination: empty secrets keep the stored ones. */
  hasStoredSecrets: boolean
}

const prefix = 'destination.config' as const

type TextSetting =
  | 'bucket_name'
  | 'prefix'
  | 'aws_access_key_id'
  | 'kms_key_id'
  | 'endpoint_url'
  | 'max_file_size_mb'
  | 'include_events'
  | 'exclude_events'

type SettingProps = Pick<ComponentProps<'input'>, 'placeholder' | 'type' | 'inputMode' | 'className'> & {
  name: TextSetting
  label: string
  help?: string
  required?: boolean
  disabled: boolean
}

/** One typed S3 setting: label, help and its error around an input that neither autocompletes nor spell-checks. */
function Setting({ name, label, help, required, className = 'mono', ...input }: SettingProps) {
  const { register, formState } = useFormContext<ExportFormValues>()
  return (
    <Field label={label} required={required} help={help} error={formState.errors.destination?.config?.[name]?.message}>
      {(p) => (
        <Input
          {...p}
          className={className}
          autoComplete="off"
          spellCheck={false}
          {...input}
          {...register(`${prefix}.${name}`)}
        />
      )}
    </Field>
  )
}

/** The full S3 destination: bucket, region, prefix, credentials, format and compression, encryption, limits. */
export function S3Fields({ disabled, hasStoredSecrets }: Props) {
  const { register, watch, setValue, getValues, formState } = useFormContext<ExportFormValues>()
  const errors = formState.errors.destination?.config
  const [revealed, setRevealed] = useState(false)
  const format = watch(`${prefix}.file_format`)
  const encryption = watch(`${prefix}.encryption`)
  const allowed = COMPRESSIONS_BY_FORMAT[format]

  return (
    <>
      <div className="field-grid">
        <Setting
          name="bucket_name"
          label="Bucket"
          required
          help="3–63 lowercase letters, digits, dots and hyphens."
          placeholder="my-company-exports"
          disabled={disabled}
        />
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
      <Setting
        name="prefix"
        label="Key prefix"
        help="Folder inside the bucket, e.g. posthog/events/. Empty writes to the bucket root."
        placeholder="posthog/events/"
        disabled={disabled}
      />
      <div className="field-grid">
        <Setting
          name="aws_access_key_id"
          label="Access key ID"
          required={!hasStoredSecrets}
          help={
            hasStoredSecrets ? 'Leave empty to keep the current key ID.' : 'Write-only: never shown again after saving.'
          }
          placeholder={hasStoredSecrets ? 'Stored — unchanged' : 'AKIA…'}
          disabled={disabled}
        />
        <Field
          label="Secret access key"
          required={!hasStoredSecrets}
          error={errors?.aws_secret_access_key?.message}
          help={
            hasStoredSecrets ? 'Leave empty to keep the current secret.' : 'Write-only: never shown again after saving.'
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
          <Setting name="kms_key_id" label="KMS key ID" required help="Key ID or ARN." disabled={disabled} />
        )}
      </div>
      <div className="field-grid">
        <Setting
          name="endpoint_url"
          label="Endpoint URL"
          help="Only for S3-compatible storage (MinIO, R2). Empty uses AWS."
          type="url"
          placeholder="https://…"
          disabled={disabled}
        />
        <Setting
          name="max_file_size_mb"
          label="Max file size (MB)"
          help="Split larger exports into several files. Empty: one file per run."
          inputMode="numeric"
          className="num"
          disabled={disabled}
        />
      </div>
      <SwitchField<ExportFormValues>
        name={`${prefix}.use_virtual_style_addressing`}
        label="Virtual-hosted–style addressing"
        description="Address the bucket as bucket.endpoint rather than endpoint/bucket (some S3-compatible stores need it)."
        disabled={disabled}
      />
      <div className="field-grid">
        <Setting
          name="include_events"
          label="Only these events"
          help="Comma-separated event names. Empty exports every event."
          placeholder="$pageview, signed_up"
          disabled={disabled}
        />
        <Setting
          name="exclude_events"
          label="Skip these events"
          help="Comma-separated event names."
          placeholder="$feature_flag_called"
          disabled={disabled}
        />
      </div>
    </>
  )
}
