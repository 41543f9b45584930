import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { listRuns } from '../../db/batch-export-runs'
import { queryLogs } from '../../db/batch-export-logs'
import { createBackfill } from '../../routes/batch-export-actions'
import { engineFixture, type EngineFixture } from '../../test/engine-fixture'
import { startPostgresServer, type PostgresServer } from '../../test/postgres-server'
import { postgresDestination } from './postgres'

let pgServer: PostgresServer
let f: EngineFixture
// PGlite compiles its WebAssembly Postgres on start: seconds on a busy machine.
beforeAll(async () => {
  pgServer = await startPostgresServer()
}, 60_000)
afterAll(() => pgServer.close())
beforeEach(() => {
  f?.close()
  f = engineFixture('2026-03-02T10:30:00Z')
})

const HOUR = { start: '2026-03-01T00:00:00.000Z', end: '2026-03-01T01:00:00.000Z' }
let tables = 0

function pgExport(config: Record<string, unknown> = {}, model: 'events' | 'persons' | 'sessions' = 'events') {
  const table = `t_${++tables}_${Date.now().toString(36)}`
  const id = f.createExport({
    paused: true,
    model,
    destination_type: 'Postgres',
    destination_config: {
      host: pgServer.host,
      port: pgServer.port,
      database: pgServer.database,
      schema: 'public',
      table_name: table,
      user: pgServer.user,
      password: pgServer.password,
      ...config,
    },
  })
  return { id, table }
}

async function exportWindow(exportId: string, window = HOUR) {
  createBackfill(f.db, exportId, { start_at: window.start, end_at: window.end }, [window])
  await f.engine({ retry: { maxAttempts: 1, firstDelayMs: 1000, factor: 2, maxDelayMs: 1000 } }).drain()
  return listRuns(f.db, exportId, { ordering: '-created_at' }, 100, 0).results[0]!
}

describe('Postgres destination (against PGlite over the wire protocol)', () => {
  it('creates the table if missing and inserts the window’s events with PostHog’s columns', async () => {
    const sent = f.addEvents(1200, HOUR.start, HOUR.end)
    const { id, table } = pgExport()
    const run = await exportWindow(id)
    expect(run).toMatchObject({ status: 'Completed', records_completed: 1200, records_total_count: 1200 })
    const columns = await pgServer.query<{ column_name: string }>(
      'SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position',
      [table],
    )
    expect(columns.map((c) => c.column_name)).toEqual([
      'uuid',
      'event',
      'properties',
      'elements',
      'set',
      'set_once',
      'distinct_id',
      'team_id',
      'ip',
      'site_url',
      'timestamp',
    ])
    const rows = await pgServer.query<{ uuid: string; properties: { n: number }; timestamp: Date; team_id: number }>(
      `SELECT uuid, properties, timestamp, team_id FROM public."${table}" ORDER BY timestamp`,
    )
    expect(rows).toHaveLength(1200)
    expect(new Set(rows.map((r) => r.uuid))).toEqual(new Set(sent.map((e) => e.uuid)))
    expect(rows[0]!.team_id).toBe(f.teamId)
    expect(typeof rows[0]!.properties.n).toBe('number')
    expect(run.bytes_exported).toBeGreaterThan(0)
  })

  it('merges sessions on their key: exporting a window again updates rows instead of duplicating them', async () => {
    f.addEvents(50, HOUR.start, HOUR.end)
    const { id, table } = pgExport({}, 'sessions')
    expect((await exportWindow(id)).status).toBe('Completed')
    expect((await exportWindow(id)).status).toBe('Completed')
    const [{ count }] = (await pgServer.query<{ count: number }>(`SELECT COUNT(*)::int AS count FROM "${table}"`)) as [
      { count: number },
    ]
    expect(count).toBe(10)
  })

  it('exports a window in one transaction: a row the table refuses leaves it as it was', async () => {
    f.addEvents(900, HOUR.start, HOUR.end)
    const { id, table } = pgExport()
    // A table made by hand with a column the export does not fill.
    await pgServer.query(`CREATE TABLE "${table}" (uuid VARCHAR(200), event VARCHAR(200), properties JSONB, elements JSONB,
      set JSONB, set_once JSONB, distinct_id VARCHAR(200), team_id INTEGER, ip VARCHAR(200), site_url VARCHAR(200),
      timestamp TIMESTAMPTZ, owner TEXT NOT NULL)`)
    const run = await exportWindow(id)
    expect(run.status).toBe('Failed')
    expect(run.latest_error).toMatch(/null value in column "owner"/)
    expect(await pgServer.query(`SELECT * FROM "${table}"`)).toEqual([])
    const logs = queryLogs(f.db, id, { level: ['ERROR'] }, 10, 0).rows
    expect(logs[0]!.message).toMatch(/null value in column "owner".*fix the destination/)
  })

  it('fails on a missing schema with Postgres’s message, and retries an unreachable server', async () => {
    f.addEvents(5, HOUR.start, HOUR.end)
    const missing = pgExport({ schema: 'nowhere' })
    expect(await exportWindow(missing.id)).toMatchObject({
      status: 'Failed',
      latest_error: 'schema "nowhere" does not exist',
    })
    const down = pgExport({ port: 9 })
    createBackfill(f.db, down.id, { start_at: HOUR.start, end_at: HOUR.end }, [HOUR])
    await f.engine().drain()
    const run = listRuns(f.db, down.id, {}, 10, 0).results[0]!
    expect(run.status).toBe('FailedRetryable')
    expect(run.latest_error).toMatch(/ECONNREFUSED/)
  })

  it('tests the connection and that the table can be created, without creating it', async () => {
    const config = {
      host: pgServer.host,
      port: pgServer.port,
      database: pgServer.database,
      schema: 'public',
      table_name: 'probe_table',
      user: pgServer.user,
      password: pgServer.password,
    }
    const signal = AbortSignal.timeout(10_000)
    const [connect, create] = postgresDestination.testSteps
    expect(await connect!.run(config, signal)).toEqual({ status: 'Passed', message: null })
    expect(await create!.run(config, signal)).toEqual({ status: 'Passed', message: null })
    expect(await pgServer.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'probe_table'")).toEqual([])
    const noSchema = await create!.run({ ...config, schema: 'nowhere' }, signal)
    expect(noSchema).toEqual({
      status: 'Failed',
      message: 'Could not create nowhere.probe_table: schema "nowhere" does not exist',
    })
    const refused = await connect!.run({ ...config, port: 9 }, signal)
    expect(refused.status).toBe('Failed')
    expect(refused.message).toMatch(/^Could not connect to 127\.0\.0\.1:9\/postgres: .*ECONNREFUSED/)
  })
})
