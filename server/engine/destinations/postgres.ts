import pg from 'pg'
import { z } from 'zod'
import type { BatchExportModel } from '../../../src/contracts/batch-exports'
import {
  parseObject,
  type EventRecord,
  type ExportRecord,
  type PersonRecord,
  type SessionRecord,
} from '../../db/export-records'
import { describeError } from '../errors'
import { failed, passed, type Destination, type DestinationWriter, type ExportContext } from './types'

/** What a run reads of a stored Postgres config (checked whole by the contract's postgresConfigInput when saved). */
const postgresConfig = z.looseObject({
  host: z.string(),
  port: z.number().optional(),
  database: z.string(),
  schema: z.string().optional(),
  table_name: z.string(),
  user: z.string().nullish(),
  password: z.string().nullish(),
  has_self_signed_cert: z.boolean().optional(),
})
export type PostgresConfig = z.output<typeof postgresConfig>

type Column = { name: string; type: string; value: (r: never) => unknown }
const col = <R>(name: string, type: string, value: (r: R) => unknown): Column => ({
  name,
  type,
  value: value as (r: never) => unknown,
})
const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v))
/** An event's properties as an object, parsed once per record (several columns read them). */
const parsedProps = new WeakMap<EventRecord, Record<string, unknown>>()
function props(r: EventRecord) {
  let parsed = parsedProps.get(r)
  if (!parsed) parsedProps.set(r, (parsed = parseObject(r.properties)))
  return parsed
}

/** PostHog's Postgres tables: the events table of `insert_into_postgres_activity`, persons and sessions keyed for merging. */
const TABLES: Record<BatchExportModel, { columns: Column[]; key: string[] | null }> = {
  events: {
    key: null,
    columns: [
      col<EventRecord>('uuid', 'VARCHAR(200)', (r) => r.uuid),
      col<EventRecord>('event', 'VARCHAR(200)', (r) => r.event),
      col<EventRecord>('properties', 'JSONB', (r) => r.properties),
      col<EventRecord>('elements', 'JSONB', (r) => json(r.elements_chain)),
      col<EventRecord>('set', 'JSONB', (r) => json(props(r).$set ?? null)),
      col<EventRecord>('set_once', 'JSONB', (r) => json(props(r).$set_once ?? null)),
      col<EventRecord>('distinct_id', 'VARCHAR(200)', (r) => r.distinct_id),
      col<EventRecord>('team_id', 'INTEGER', (r) => r.team_id),
      col<EventRecord>('ip', 'VARCHAR(200)', (r) => (typeof props(r).$ip === 'string' ? props(r).$ip : null)),
      col<EventRecord>('site_url', 'VARCHAR(200)', () => null),
      col<EventRecord>('timestamp', 'TIMESTAMP WITH TIME ZONE', (r) => r.timestamp),
    ],
  },
  persons: {
    key: ['team_id', 'distinct_id'],
    columns: [
      col<PersonRecord>('team_id', 'INTEGER', (r) => r.team_id),
      col<PersonRecord>('distinct_id', 'VARCHAR(200)', (r) => r.distinct_id),
      col<PersonRecord>('person_id', 'TEXT', (r) => r.person_id),
      col<PersonRecord>('properties', 'JSONB', (r) => json(r.properties)),
      col<PersonRecord>('person_version', 'BIGINT', (r) => r.person_version),
      col<PersonRecord>('person_distinct_id_version', 'BIGINT', (r) => r.person_distinct_id_version),
      col<PersonRecord>('created_at', 'TIMESTAMP WITH TIME ZONE', (r) => r.created_at),
      col<PersonRecord>('is_deleted', 'BOOLEAN', (r) => r.is_deleted),
    ],
  },
  sessions: {
    key: ['team_id', 'session_id'],
    columns: [
      col<SessionRecord>('team_id', 'INTEGER', (r) => r.team_id),
      col<SessionRecord>('session_id', 'TEXT', (r) => r.session_id),
      col<SessionRecord>('distinct_id', 'TEXT', (r) => r.distinct_id),
      col<SessionRecord>('start_timestamp', 'TIMESTAMP WITH TIME ZONE', (r) => r.start_timestamp),
      col<SessionRecord>('end_timestamp', 'TIMESTAMP WITH TIME ZONE', (r) => r.end_timestamp),
      col<SessionRecord>('duration', 'BIGINT', (r) => r.duration),
      col<SessionRecord>('entry_url', 'TEXT', (r) => r.entry_url),
      col<SessionRecord>('end_url', 'TEXT', (r) => r.end_url),
      col<SessionRecord>('pageview_count', 'BIGINT', (r) => r.pageview_count),
      col<SessionRecord>('autocapture_count', 'BIGINT', (r) => r.autocapture_count),
      col<SessionRecord>('event_count', 'BIGINT', (r) => r.event_count),
    ],
  },
}

/** Rows per INSERT statement (well under Postgres's 65 535 parameters). */
const ROWS_PER_STATEMENT = 500

/**
 * Connects as libpq's `sslmode=prefer` does: TLS first (verified unless the certificate is
 * self-signed), plain when the server does not offer TLS (a local Postgres).
 */
export async function connect(config: PostgresConfig): Promise<pg.Client> {
  const base = {
    host: config.host,
    port: config.port ?? 5432,
    database: config.database,
    user: config.user ?? undefined,
    password: config.password ?? undefined,
    connectionTimeoutMillis: 10_000,
    statement_timeout: 300_000,
    query_timeout: 300_000,
    application_name: 'analytics-admin batch export',
  }
  const tls = new pg.Client({ ...base, ssl: { rejectUnauthorized: !config.has_self_signed_cert } })
  tls.on('error', () => undefined)
  try {
    await tls.connect()
    return tls
  } catch (error) {
    await tls.end().catch(() => undefined)
    if (!/does not support SSL/i.test(String((error as Error).message))) throw error
  }
  const plain = new pg.Client({ ...base, ssl: false })
  plain.on('error', () => undefined)
  await plain.connect()
  return plain
}

const qualified = (client: pg.Client, config: PostgresConfig) =>
  `${client.escapeIdentifier(config.schema || 'public')}.${client.escapeIdentifier(config.table_name)}`

function createTableSql(client: pg.Client, config: PostgresConfig, model: BatchExportModel) {
  const { columns, key } = TABLES[model]
  const defs = columns.map((c) => `${client.escapeIdentifier(c.name)} ${c.type}`)
  if (key) defs.push(`PRIMARY KEY (${key.map((k) => client.escapeIdentifier(k)).join(', ')})`)
  return `CREATE TABLE IF NOT EXISTS ${qualified(client, config)} (${defs.join(', ')})`
}

function insertSql(client: pg.Client, config: PostgresConfig, model: BatchExportModel, rows: number) {
  const { columns, key } = TABLES[model]
  const names = columns.map((c) => client.escapeIdentifier(c.name)).join(', ')
  const values = Array.from(
    { length: rows },
    (_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`,
  ).join(', ')
  let text = `INSERT INTO ${qualified(client, config)} (${names}) VALUES ${values}`
  if (key) {
    // Persons and sessions are merged on their key, as PostHog merges them: the newest version wins.
    const updates = columns
      .filter((c) => !key.includes(c.name))
      .map((c) => `${client.escapeIdentifier(c.name)} = EXCLUDED.${client.escapeIdentifier(c.name)}`)
    text += ` ON CONFLICT (${key.map((k) => client.escapeIdentifier(k)).join(', ')}) DO UPDATE SET ${updates.join(', ')}`
  }
  return text
}

async function openPostgres(config: PostgresConfig, ctx: ExportContext): Promise<DestinationWriter> {
  const client = await connect(config)
  const onAbort = () => void client.end().catch(() => undefined)
  ctx.signal.addEventListener('abort', onAbort, { once: true })
  let records = 0
  let bytes = 0
  try {
    await client.query(createTableSql(client, config, ctx.model))
    // The whole window is one transaction: a failed or cancelled run leaves the table as it was.
    await client.query('BEGIN')
  } catch (error) {
    ctx.signal.removeEventListener('abort', onAbort)
    await client.end().catch(() => undefined)
    throw error
  }
  const { columns } = TABLES[ctx.model]
  return {
    async write(batch: ExportRecord[]) {
      for (let i = 0; i < batch.length; i += ROWS_PER_STATEMENT) {
        const rows = batch.slice(i, i + ROWS_PER_STATEMENT)
        const params: unknown[] = []
        for (const row of rows) for (const c of columns) params.push(c.value(row as never))
        for (const p of params) bytes += p === null ? 0 : Buffer.byteLength(String(p))
        await client.query(insertSql(client, config, ctx.model, rows.length), params)
        records += rows.length
      }
    },
    async close() {
      await client.query('COMMIT')
      ctx.signal.removeEventListener('abort', onAbort)
      await client.end()
      return { records, bytes, target: `${config.database}.${config.schema || 'public'}.${config.table_name}` }
    },
    async abort() {
      ctx.signal.removeEventListener('abort', onAbort)
      await client.query('ROLLBACK').catch(() => undefined)
      await client.end().catch(() => undefined)
    },
  }
}

export const postgresDestination: Destination<PostgresConfig> = {
  config: postgresConfig,
  open: openPostgres,
  testSteps: [
    {
      name: 'Connect to the database',
      description: 'Open a connection to the configured host, port and database with the given user.',
      async run(config) {
        let client: pg.Client | null = null
        try {
          client = await connect(config)
          await client.query('SELECT 1')
          return passed()
        } catch (error) {
          return failed(
            `Could not connect to ${config.host}:${config.port ?? 5432}/${config.database}: ${describeError(error)}`,
          )
        } finally {
          await client?.end().catch(() => undefined)
        }
      },
    },
    {
      name: 'Check the table can be created',
      description:
        'Create the destination table if it does not exist (inside a transaction that is rolled back) and check the user may insert into it.',
      async run(config) {
        let client: pg.Client | null = null
        try {
          client = await connect(config)
          await client.query('BEGIN')
          await client.query(createTableSql(client, config, 'events'))
          const allowed = await client.query<{ ok: boolean }>('SELECT has_table_privilege($1, $2) AS ok', [
            `${client.escapeIdentifier(config.schema || 'public')}.${client.escapeIdentifier(config.table_name)}`,
            'INSERT',
          ])
          await client.query('ROLLBACK')
          if (!allowed.rows[0]?.ok)
            return failed(`The user may not insert into ${config.schema || 'public'}.${config.table_name}.`)
          return passed()
        } catch (error) {
          await client?.query('ROLLBACK').catch(() => undefined)
          return failed(`Could not create ${config.schema || 'public'}.${config.table_name}: ${describeError(error)}`)
        } finally {
          await client?.end().catch(() => undefined)
        }
      },
    },
  ],
}
