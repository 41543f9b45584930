import {
  SECRET_FIELDS,
  type BatchExport,
  type BatchExportRun,
  type DestinationType,
} from '../../src/contracts/batch-exports'
import { newId } from '../auth/keys'
import { nowIso, query, statements, type Db, writeTransaction } from './database'

export interface ExportRow {
  id: string
  organization_id: string
  team_id: number
  name: string
  model: BatchExport['model']
  destination_type: DestinationType
  destination_config: string
  interval: BatchExport['interval']
  paused: number
  created_at: string
  last_updated_at: string
  last_paused_at: string | null
  start_at: string | null
  end_at: string | null
  hogql_query: string | null
  schema: string | null
  filters: string | null
}

type RunRow = Omit<BatchExportRun, 'batch_export' | 'backfill'> & {
  batch_export_id: string
  backfill_id: string | null
}

const sql = statements({
  count: query<number, [orgId: string]>('SELECT COUNT(*) FROM batch_exports WHERE organization_id = ?'),
  page: query<ExportRow, [orgId: string, limit: number, offset: number]>(
    'SELECT * FROM batch_exports WHERE organization_id = ? ORDER BY rowid DESC LIMIT ? OFFSET ?',
  ),
  countInProject: query<number, [orgId: string, teamId: number]>(
    'SELECT COUNT(*) FROM batch_exports WHERE organization_id = ? AND team_id = ?',
  ),
  pageInProject: query<ExportRow, [orgId: string, teamId: number, limit: number, offset: number]>(
    'SELECT * FROM batch_exports WHERE organization_id = ? AND team_id = ? ORDER BY rowid DESC LIMIT ? OFFSET ?',
  ),
  one: query<ExportRow, [orgId: string, id: string]>(
    'SELECT * FROM batch_exports WHERE organization_id = ? AND id = ?',
  ),
  runs: query<RunRow, [exportId: string]>(
    'SELECT * FROM batch_export_runs WHERE batch_export_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 10',
  ),
  insert: `INSERT INTO batch_exports (id, organization_id, team_id, name, model, destination_type, destination_config,
           interval, paused, created_at, last_updated_at, last_paused_at, start_at, end_at, hogql_query, schema, filters)
           VALUES (@id, @organization_id, @team_id, @name, @model, @destination_type, @destination_config, @interval,
           @paused, @created_at, @last_updated_at, @last_paused_at, @start_at, @end_at, @hogql_query, @schema, @filters)`,
  update: `UPDATE batch_exports SET team_id = @team_id, name = @name, model = @model, destination_type = @destination_type,
           destination_config = @destination_config, interval = @interval, paused = @paused,
           last_updated_at = @last_updated_at, last_paused_at = @last_paused_at, start_at = @start_at, end_at = @end_at,
           hogql_query = @hogql_query, filters = @filters WHERE id = @id`,
  remove: 'DELETE FROM batch_exports WHERE id = ?',
  insertRun: `INSERT INTO batch_export_runs (id, batch_export_id, status, records_completed, records_failed,
              records_total_count, bytes_exported, latest_error, data_interval_start, data_interval_end, cursor,
              created_at, finished_at, last_updated_at, backfill_id)
              VALUES (@id, @batch_export_id, @status, @records_completed, @records_failed, @records_total_count,
              @bytes_exported, @latest_error, @data_interval_start, @data_interval_end, @cursor, @created_at,
              @finished_at, @last_updated_at, @backfill_id)`,
  insertBackfill:
    'INSERT INTO batch_export_backfills (id, batch_export_id, start_at, end_at, created_at) VALUES (?, ?, ?, ?, ?)',
})

/** Config as stored: secrets included. Never return it to a caller. */
export function storedConfig(row: ExportRow): Record<string, unknown> {
  return JSON.parse(row.destination_config) as Record<string, unknown>
}

function publicConfig(type: DestinationType, config: Record<string, unknown>) {
  const out = { ...config }
  for (const field of SECRET_FIELDS[type] ?? []) delete out[field]
  return out
}

const toRun = (r: RunRow): BatchExportRun => {
  const { batch_export_id, backfill_id, ...rest } = r
  return { ...rest, batch_export: batch_export_id, backfill: backfill_id }
}

function toBatchExport(db: Db, row: ExportRow): BatchExport {
  return {
    id: row.id,
    team_id: row.team_id,
    name: row.name,
    model: row.model,
    destination: {
      type: row.destination_type,
      config: publicConfig(row.destination_type, storedConfig(row)),
    } as BatchExport['destination'],
    interval: row.interval,
    paused: Boolean(row.paused),
    created_at: row.created_at,
    last_updated_at: row.last_updated_at,
    last_paused_at: row.last_paused_at,
    start_at: row.start_at,
    end_at: row.end_at,
    latest_runs: sql(db).runs.all(row.id).map(toRun),
    hogql_query: row.hogql_query,
    schema: row.schema ? (JSON.parse(row.schema) as unknown) : null,
    filters: row.filters ? (JSON.parse(row.filters) as unknown) : null,
  }
}

/** The organization's exports, or one project's of it when `teamId` is given. */
export const countBatchExports = (db: Db, orgId: string, teamId?: number) =>
  (teamId === undefined ? sql(db).count.pluck().get(orgId) : sql(db).countInProject.pluck().get(orgId, teamId)) ?? 0

export const listBatchExports = (db: Db, orgId: string, limit: number, offset: number, teamId?: number) =>
  (teamId === undefined
    ? sql(db).page.all(orgId, limit, offset)
    : sql(db).pageInProject.all(orgId, teamId, limit, offset)
  ).map((r) => toBatchExport(db, r))

export const findBatchExportRow = (db: Db, orgId: string, id: string) => sql(db).one.get(orgId, id)

export function findBatchExport(db: Db, orgId: string, id: string): BatchExport | undefined {
  const row = findBatchExportRow(db, orgId, id)
  return row && toBatchExport(db, row)
}

export interface BatchExportValues {
  team_id: number
  name: string
  model: BatchExport['model']
  destination_type: DestinationType
  destination_config: Record<string, unknown>
  interval: BatchExport['interval']
  paused: boolean
  last_paused_at: string | null
  start_at: string | null
  end_at: string | null
  hogql_query: string | null
  filters: unknown
}

const encode = (v: BatchExportValues) => ({
  ...v,
  destination_config: JSON.stringify(v.destination_config),
  paused: v.paused ? 1 : 0,
  filters: v.filters === undefined || v.filters === null ? null : JSON.stringify(v.filters),
})

export function insertBatchExport(db: Db, orgId: string, values: BatchExportValues, createdAt = nowIso()): string {
  const id = newId()
  sql(db).insert.run({
    ...encode(values),
    id,
    organization_id: orgId,
    created_at: createdAt,
    last_updated_at: createdAt,
    schema: null,
  })
  return id
}

export function updateBatchExport(db: Db, id: string, values: BatchExportValues) {
  sql(db).update.run({ ...encode(values), id, last_updated_at: nowIso() })
}

export const deleteBatchExport = (db: Db, id: string) => sql(db).remove.run(id)

export type NewRun = Omit<BatchExportRun, 'id' | 'batch_export' | 'backfill'> & { backfill_id?: string | null }

export function insertRun(db: Db, exportId: string, run: NewRun): string {
  const id = newId()
  sql(db).insertRun.run({ backfill_id: null, ...run, id, batch_export_id: exportId })
  return id
}

/** Records a backfill request and its runs, one per interval, atomically. */
export function insertBackfill(db: Db, exportId: string, range: { start_at: string; end_at: string }, runs: NewRun[]) {
  const id = newId()
  writeTransaction(db, () => {
    sql(db).insertBackfill.run(id, exportId, range.start_at, range.end_at, nowIso())
    for (const run of runs) insertRun(db, exportId, { ...run, backfill_id: id })
  })
  return id
}
