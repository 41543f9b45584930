import { offsetDayOf, offsetHourOf } from '../../src/contracts/batch-export-schedule'
import {
  SECRET_FIELDS,
  type BatchExport,
  type BatchExportModel,
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
  model: BatchExportModel | null
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
  timezone: string
  interval_offset: number | null
  scheduled_through: string | null
}

export type RunRow = Omit<BatchExportRun, 'batch_export' | 'backfill'> & {
  batch_export_id: string
  backfill_id: string | null
  attempts: number
  next_attempt_at: string | null
  cancel_requested: number
  origin: 'schedule' | 'backfill' | null
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
  insert: query<
    never,
    EncodedValues & { id: string; organization_id: string; created_at: string; last_updated_at: string; schema: null }
  >(
    `INSERT INTO batch_exports (id, organization_id, team_id, name, model, destination_type, destination_config,
           interval, paused, created_at, last_updated_at, last_paused_at, start_at, end_at, hogql_query, schema, filters,
           timezone, interval_offset, scheduled_through)
           VALUES (@id, @organization_id, @team_id, @name, @model, @destination_type, @destination_config, @interval,
           @paused, @created_at, @last_updated_at, @last_paused_at, @start_at, @end_at, @hogql_query, @schema, @filters,
           @timezone, @interval_offset, @created_at)`,
  ),
  update: query<never, EncodedValues & { id: string; last_updated_at: string }>(
    `UPDATE batch_exports SET team_id = @team_id, name = @name, model = @model, destination_type = @destination_type,
           destination_config = @destination_config, interval = @interval, paused = @paused,
           last_updated_at = @last_updated_at, last_paused_at = @last_paused_at, start_at = @start_at, end_at = @end_at,
           hogql_query = @hogql_query, filters = @filters, timezone = @timezone, interval_offset = @interval_offset
           WHERE id = @id`,
  ),
  remove: query<never, [id: string]>('DELETE FROM batch_exports WHERE id = ?'),
  insertRun: query<never, StoredRun>(
    `INSERT INTO batch_export_runs (id, batch_export_id, status, records_completed, records_failed,
              records_total_count, bytes_exported, latest_error, data_interval_start, data_interval_end, cursor,
              created_at, finished_at, last_updated_at, backfill_id, origin)
              VALUES (@id, @batch_export_id, @status, @records_completed, @records_failed, @records_total_count,
              @bytes_exported, @latest_error, @data_interval_start, @data_interval_end, @cursor, @created_at,
              @finished_at, @last_updated_at, @backfill_id, @origin)`,
  ),
  insertBackfill: query<never, [id: string, exportId: string, startAt: string, endAt: string, createdAt: string]>(
    'INSERT INTO batch_export_backfills (id, batch_export_id, start_at, end_at, created_at) VALUES (?, ?, ?, ?, ?)',
  ),
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

export const toRun = (r: RunRow): BatchExportRun => ({
  id: r.id,
  status: r.status,
  records_completed: r.records_completed,
  records_failed: r.records_failed,
  records_total_count: r.records_total_count,
  bytes_exported: r.bytes_exported,
  latest_error: r.latest_error,
  data_interval_start: r.data_interval_start,
  data_interval_end: r.data_interval_end,
  cursor: r.cursor,
  created_at: r.created_at,
  finished_at: r.finished_at,
  last_updated_at: r.last_updated_at,
  batch_export: r.batch_export_id,
  backfill: r.backfill_id,
})

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
    timezone: row.timezone,
    offset_day: offsetDayOf(row.interval, row.interval_offset),
    offset_hour: offsetHourOf(row.interval, row.interval_offset),
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
  model: BatchExportModel | null
  destination_type: DestinationType
  destination_config: Record<string, unknown>
  interval: BatchExport['interval']
  paused: boolean
  last_paused_at: string | null
  start_at: string | null
  end_at: string | null
  hogql_query: string | null
  filters: unknown
  timezone: string
  /** Seconds after the start of the day or week (PostHog's interval_offset); null for the default. */
  interval_offset: number | null
}

/** Values as the columns hold them: JSON text and 0/1. */
type EncodedValues = Omit<BatchExportValues, 'destination_config' | 'paused' | 'filters'> & {
  destination_config: string
  paused: number
  filters: string | null
}

const encode = (v: BatchExportValues): EncodedValues => ({
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

export type NewRun = Omit<BatchExportRun, 'id' | 'batch_export' | 'backfill'> & {
  backfill_id?: string | null
  origin?: 'schedule' | 'backfill' | null
}

/** A run as its insert binds it. */
type StoredRun = Omit<NewRun, 'backfill_id' | 'origin'> & {
  id: string
  batch_export_id: string
  backfill_id: string | null
  origin: 'schedule' | 'backfill' | null
}

export function insertRun(db: Db, exportId: string, run: NewRun): string {
  const id = newId()
  sql(db).insertRun.run({ backfill_id: null, origin: null, ...run, id, batch_export_id: exportId })
  return id
}

/** Records a backfill request and its runs, one per interval, atomically; returns the backfill's id and its runs' ids. */
export function insertBackfill(
  db: Db,
  exportId: string,
  range: { start_at: string; end_at: string },
  runs: NewRun[],
  now = nowIso(),
) {
  const id = newId()
  const runIds = writeTransaction(db, () => {
    sql(db).insertBackfill.run(id, exportId, range.start_at, range.end_at, now)
    return runs.map((run) => insertRun(db, exportId, { ...run, backfill_id: id, origin: 'backfill' }))
  })
  return { id, runIds }
}

const engineSql = statements({
  byId: query<ExportRow, [id: string]>('SELECT * FROM batch_exports WHERE id = ?'),
  active: query<ExportRow, [typesJson: string]>(
    `SELECT * FROM batch_exports WHERE paused = 0 AND destination_type IN (SELECT value FROM json_each(?))`,
  ),
  scheduledThrough: query<never, [iso: string, id: string]>(
    'UPDATE batch_exports SET scheduled_through = ? WHERE id = ?',
  ),
})

/** An export by id alone (the engine acts for every organization). */
export const exportRowById = (db: Db, id: string) => engineSql(db).byId.get(id)

/** Unpaused exports of the given destination types: those the scheduler creates runs for. */
export const activeExportRows = (db: Db, types: readonly string[]) => engineSql(db).active.all(JSON.stringify(types))

/** Records that the scheduler has handled every window closing up to `iso` (also: resume skips missed windows). */
export const setScheduledThrough = (db: Db, id: string, iso: string) => engineSql(db).scheduledThrough.run(iso, id)

const pauseSql = statements({
  pause: query<never, [pausedAt: string, now: string, id: string]>(
    'UPDATE batch_exports SET paused = 1, last_paused_at = ?, last_updated_at = ? WHERE id = ? AND paused = 0',
  ),
  unpause: query<never, [now: string, id: string]>(
    'UPDATE batch_exports SET paused = 0, last_updated_at = ? WHERE id = ?',
  ),
})

/** Pauses (stamping last_paused_at) or unpauses an export; the schedule side of a resume is the caller's. */
export function setPaused(db: Db, id: string, paused: boolean, nowIso: string) {
  if (paused) pauseSql(db).pause.run(nowIso, nowIso, id)
  else pauseSql(db).unpause.run(nowIso, id)
}

const teamSql = statements({
  ofTeam: query<ExportRow, [teamId: number, id: string]>('SELECT * FROM batch_exports WHERE team_id = ? AND id = ?'),
})

/** An export of a project (PostHog serves runs under /api/projects/:project_id/batch_exports/). */
export const findBatchExportRowOfTeam = (db: Db, teamId: number, id: string) => teamSql(db).ofTeam.get(teamId, id)
