import { useFormContext } from 'react-hook-form'
import { DESTINATION_TYPES, SECRET_FIELDS, type DestinationType } from '../../contracts/batch-exports'
import { Field, Select } from '../../components/field'
import type { ExportFormValues } from './export-form-values'
import { S3Fields } from './s3-fields'

const EXAMPLES: Partial<Record<DestinationType, object>> = {
  Postgres: {
    host: 'db.example.com',
    port: 5432,
    database: 'analytics',
    schema: 'public',
    table_name: 'events',
    user: 'exporter',
    password: '…',
  },
  Redshift: {
    host: 'cluster.redshift.amazonaws.com',
    port: 5439,
    database: 'dev',
    schema: 'public',
    table_name: 'events',
    user: 'exporter',
    password: '…',
  },
  Snowflake: {
    account: 'xy12345.eu-central-1',
    database: 'ANALYTICS',
    warehouse: 'COMPUTE_WH',
    schema: 'PUBLIC',
    table_name: 'EVENTS',
    user: 'EXPORTER',
    password: '…',
  },
  BigQuery: {
    project_id: 'my-project',
    dataset_id: 'analytics',
    table_id: 'events',
    private_key: '…',
    client_email: '…',
  },
  Databricks: {
    server_hostname: 'dbc-123.cloud.databricks.com',
    http_path: '/sql/1.0/warehouses/abc',
    catalog: 'main',
    schema: 'default',
    table_name: 'events',
    client_id: '…',
    client_secret: '…',
  },
  AzureBlob: { container_name: 'exports', prefix: 'posthog/', connection_string: '…' },
  HTTP: { url: 'https://example.com/ingest', token: '…' },
  NoOp: {},
}

type Props = {
  disabled: boolean
  /** The destination type saved on the server (edit only). */
  storedType: DestinationType | null
}

/** Destination type, then the full S3 form or a validated JSON configuration for the others. */
export function DestinationFields({ disabled, storedType }: Props) {
  const { register, watch, formState } = useFormContext<ExportFormValues>()
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
          storedType !== null && type !== storedType
            ? `Switching from ${storedType} replaces its whole configuration.`
            : undefined
        }
      >
        {(p) => (
          <Select {...p} disabled={disabled} {...register('destination.type')}>
            {DESTINATION_TYPES.map((t) => (
              <option key={t} value={t}>
                {t === 'S3' ? 'Amazon S3' : t === 'NoOp' ? 'NoOp (testing)' : t}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {type === 'S3' ? (
        <S3Fields disabled={disabled} hasStoredSecrets={keepsSecrets} />
      ) : (
        <Field
          label={`${type} configuration (JSON)`}
          error={errors?.json?.message}
          help={
            secrets.length === 0
              ? 'A JSON object.'
              : keepsSecrets
                ? `A JSON object. ${secrets.join(', ')} are write-only and not shown: leave them out to keep the current values.`
                : `A JSON object. ${secrets.join(', ')} are write-only: never shown again after saving.`
          }
        >
          {(p) => (
            <textarea
              {...p}
              className="input textarea mono"
              rows={9}
              spellCheck={false}
              placeholder={JSON.stringify(EXAMPLES[type] ?? {}, null, 2)}
              disabled={disabled}
              {...register('destination.json')}
            />
          )}
        </Field>
      )}
    </section>
  )
}
