import { SwitchField } from '../../components/switch-field'
import { EventFilterSettings, SecretSetting, TextSetting } from './destination-inputs'
import type { ExportFormValues } from './export-form-values'
import './batch-exports.css'

type Props = { disabled: boolean; hasStoredSecrets: boolean }

/** A Postgres destination: where (host, port, database, schema, table), who (user and password), TLS, event filters. */
export function PostgresFields({ disabled, hasStoredSecrets }: Props) {
  return (
    <>
      <div className="field-grid">
        <TextSetting
          name="destination.postgres.host"
          label="Host"
          required
          placeholder="db.example.com"
          help="The database server's name or address."
          disabled={disabled}
        />
        <TextSetting
          name="destination.postgres.port"
          label="Port"
          inputMode="numeric"
          className="num"
          help="5432 unless your server says otherwise."
          disabled={disabled}
        />
      </div>
      <div className="field-grid field-grid-3">
        <TextSetting
          name="destination.postgres.database"
          label="Database"
          required
          placeholder="analytics"
          disabled={disabled}
        />
        <TextSetting
          name="destination.postgres.schema"
          label="Schema"
          help="Must exist already."
          placeholder="public"
          disabled={disabled}
        />
        <TextSetting
          name="destination.postgres.table_name"
          label="Table"
          required
          help="Created on the first run if it does not exist."
          placeholder="events"
          disabled={disabled}
        />
      </div>
      <div className="field-grid">
        <SecretSetting name="destination.postgres.user" label="User" stored={hasStoredSecrets} disabled={disabled} />
        <SecretSetting
          name="destination.postgres.password"
          label="Password"
          stored={hasStoredSecrets}
          disabled={disabled}
        />
      </div>
      <SwitchField<ExportFormValues>
        name="destination.postgres.has_self_signed_cert"
        label="Self-signed certificate"
        description="Connect over TLS without verifying the server's certificate. Servers without TLS are reached unencrypted either way."
        disabled={disabled}
      />
      <EventFilterSettings base="destination.postgres" disabled={disabled} />
    </>
  )
}
