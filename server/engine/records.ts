import type { BatchExportModel } from '../../src/contracts/batch-exports'
import type { EventRecord, ExportRecord, PersonRecord, SessionRecord } from '../db/export-records'

/**
 * The fields a file (S3) export writes per model, in order, with their Parquet types: PostHog's S3
 * defaults (`s3_default_fields`: no team_id/set/set_once for events, plus elements_chain,
 * person_id, person_properties and `_inserted_at`).
 */
export type FieldType = 'STRING' | 'JSON' | 'TIMESTAMP' | 'INT64' | 'BOOLEAN'
export type Field = { name: string; type: FieldType; read: (r: never) => unknown }

const field = <R>(name: string, type: FieldType, read: (r: R) => unknown): Field => ({
  name,
  type,
  read: read as (r: never) => unknown,
})

const EVENT_FIELDS: Field[] = [
  field<EventRecord>('uuid', 'STRING', (r) => r.uuid),
  field<EventRecord>('event', 'STRING', (r) => r.event),
  field<EventRecord>('properties', 'JSON', (r) => r.properties),
  field<EventRecord>('distinct_id', 'STRING', (r) => r.distinct_id),
  field<EventRecord>('timestamp', 'TIMESTAMP', (r) => r.timestamp),
  field<EventRecord>('created_at', 'TIMESTAMP', (r) => r.created_at),
  field<EventRecord>('elements_chain', 'STRING', (r) => r.elements_chain),
  field<EventRecord>('person_id', 'STRING', (r) => r.person_id),
  field<EventRecord>('person_properties', 'JSON', (r) => r.person_properties),
  field<EventRecord>('_inserted_at', 'TIMESTAMP', (r) => r.inserted_at),
]

const PERSON_FIELDS: Field[] = [
  field<PersonRecord>('team_id', 'INT64', (r) => r.team_id),
  field<PersonRecord>('distinct_id', 'STRING', (r) => r.distinct_id),
  field<PersonRecord>('person_id', 'STRING', (r) => r.person_id),
  field<PersonRecord>('properties', 'JSON', (r) => r.properties),
  field<PersonRecord>('person_version', 'INT64', (r) => r.person_version),
  field<PersonRecord>('person_distinct_id_version', 'INT64', (r) => r.person_distinct_id_version),
  field<PersonRecord>('created_at', 'TIMESTAMP', (r) => r.created_at),
  field<PersonRecord>('is_deleted', 'BOOLEAN', (r) => r.is_deleted),
  field<PersonRecord>('_inserted_at', 'TIMESTAMP', (r) => r.inserted_at),
]

const SESSION_FIELDS: Field[] = [
  field<SessionRecord>('team_id', 'INT64', (r) => r.team_id),
  field<SessionRecord>('session_id', 'STRING', (r) => r.session_id),
  field<SessionRecord>('distinct_id', 'STRING', (r) => r.distinct_id),
  field<SessionRecord>('start_timestamp', 'TIMESTAMP', (r) => r.start_timestamp),
  field<SessionRecord>('end_timestamp', 'TIMESTAMP', (r) => r.end_timestamp),
  field<SessionRecord>('duration', 'INT64', (r) => r.duration),
  field<SessionRecord>('entry_url', 'STRING', (r) => r.entry_url),
  field<SessionRecord>('end_url', 'STRING', (r) => r.end_url),
  field<SessionRecord>('pageview_count', 'INT64', (r) => r.pageview_count),
  field<SessionRecord>('autocapture_count', 'INT64', (r) => r.autocapture_count),
  field<SessionRecord>('event_count', 'INT64', (r) => r.event_count),
  field<SessionRecord>('_inserted_at', 'TIMESTAMP', (r) => r.inserted_at),
]

export const FILE_FIELDS: Record<BatchExportModel, Field[]> = {
  events: EVENT_FIELDS,
  persons: PERSON_FIELDS,
  sessions: SESSION_FIELDS,
}

/**
 * A record as one line of JSON with the model's file fields, in order. JSON fields are stored JSON
 * text already and go in as they are: parsing and re-serializing every property bag was most of an
 * export's CPU time.
 */
export function jsonLine(model: BatchExportModel, record: ExportRecord): string {
  const parts: string[] = []
  for (const f of FILE_FIELDS[model]) {
    const value = f.read(record as never)
    const text =
      f.type === 'JSON'
        ? typeof value === 'string'
          ? value
          : JSON.stringify(value ?? null)
        : JSON.stringify(value ?? null)
    parts.push(`${JSON.stringify(f.name)}:${text}`)
  }
  return `{${parts.join(',')}}`
}
