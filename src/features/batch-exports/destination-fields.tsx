import { useFormContext } from 'react-hook-form'
import {
  DESTINATION_TYPES,
  RUNNABLE_DESTINATION_TYPES,
  SECRET_FIELDS,
  type DestinationType,
} from '../../contracts/batch-exports'
import { Field, Input, Select } from '../../components/field'
import { ConnectionTest } from './connection-test'
import { configTemplate, type ExportFormValues } from './export-form-values'
import { HttpFields } from './http-fields'
import { PostgresFields } from './postgres-fields'
import { S3Fields } from './s3-fields'
import './export-form.css'

type Props = {
  disabled: boolean
  orgId: string
  /** The saved export (edit only). */
  exportId: string | null
  /** The destination type saved on the server (edit only): it cannot change, as in PostHog. */
  storedType: DestinationType | null
}

const LABELS: Partial<Record<DestinationType, string>> = {
  S3: 'Amazon S3 or S3-compatible',
  AwsS3: 'AWS S3 (PostHog integration)',
  S3Compatible: 'S3-compatible (PostHog integration)',
  NoOp: 'NoOp (reads, writes nothing)',
  FileDownload: 'File download',
}

const runnable = (type: DestinationType) => (RUNNABLE_DESTINATION_TYPES as readonly string[]).includes(type)

/** Destination type, then its form (S3, Postgres, HTTP), nothing for NoOp, or a JSON template of required keys; then the connection test. */
export function DestinationFields({ disabled, orgId, exportId, storedType }: Props) {
  const { register, watch, getValues, setValue, formState } = useFormContext<ExportFormValues>()
  const errors = formState.errors.destination
  const type = watch('destination.type')
  const keepsSecrets = storedType !== null && storedType === type
  const secrets = SECRET_FIELDS[type]

  return (
    <section className="form-section" aria-labelledby="export-destination">
      <h2 id="export-destination" className="section-title">
        Destination
      </h2>
      <Field
        label="Destination type"
        required
        error={errors?.type?.message}
        help={
          storedType !== null
            ? 'The type of a saved export cannot change: create a new export for another destination.'
            : runnable(type)
              ? undefined
              : `The reference server runs ${RUNNABLE_DESTINATION_TYPES.join(', ')} exports; ${type} needs PostHog itself (proxy mode).`
        }
      >
        {(p) =>
          storedType !== null ? (
            // Read-only rather than disabled: a disabled input would drop the type from the form's values.
            <Input {...p} readOnly value={LABELS[storedType] ?? storedType} />
          ) : (
            <Select
              {...p}
              disabled={disabled}
              {...register('destination.type', {
                onChange: (e: { target: { value: DestinationType } }) => {
                  // A type without its own form starts from a template of its required keys.
                  const json = getValues('destination.json').trim()
                  if (json === '' || json === '{}' || DESTINATION_TYPES.some((t) => json === configTemplate(t)))
                    setValue('destination.json', configTemplate(e.target.value), { shouldDirty: true })
                },
              })}
            >
              {DESTINATION_TYPES.map((t) => (
                <option key={t} value={t}>
                  {LABELS[t] ?? t}
                </option>
              ))}
            </Select>
          )
        }
      </Field>
      {type === 'S3' ? (
        <S3Fields disabled={disabled} hasStoredSecrets={keepsSecrets} />
      ) : type === 'Postgres' ? (
        <PostgresFields disabled={disabled} hasStoredSecrets={keepsSecrets} />
      ) : type === 'HTTP' ? (
        <HttpFields disabled={disabled} hasStoredSecrets={keepsSecrets} />
      ) : type === 'NoOp' ? (
        <p className="field-help">
          A NoOp export reads every row of each window and writes it nowhere: a dry run that shows the schedule and the
          counts.
        </p>
      ) : (
        <Field
          label={`${type} configuration (JSON)`}
          error={errors?.json?.message}
          help={
            secrets.length === 0
              ? 'A JSON object; the template lists the keys this destination needs.'
              : keepsSecrets
                ? `A JSON object. ${secrets.join(', ')} are write-only and not shown: leave them out to keep the current values.`
                : `A JSON object; the template lists the keys this destination needs. ${secrets.join(', ')} are write-only: never shown again after saving.`
          }
        >
          {(p) => (
            <textarea
              {...p}
              className="input textarea mono"
              rows={9}
              spellCheck={false}
              placeholder={configTemplate(type)}
              disabled={disabled}
              {...register('destination.json')}
            />
          )}
        </Field>
      )}
      {runnable(type) && (
        <ConnectionTest orgId={orgId} exportId={exportId} storedType={storedType} disabled={disabled} />
      )}
    </section>
  )
}
