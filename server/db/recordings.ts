import type { RecordingsQuery, SessionRecording } from '../../src/contracts/session-recordings'
import { statements, type Db } from './database'
import { personsByDistinctIds } from './persons'

export interface RecordingRow {
  rid: number
  id: string
  team_id: number
  distinct_id: string | null
  viewed: number
  recording_duration: number
  active_seconds: number | null
  inactive_seconds: number | null
  start_time: number
  end_time: number
  click_count: number | null
  keypress_count: number | null
  mouse_activity_count: number | null
  console_log_count: number | null
  console_warn_count: number | null
  console_error_count: number | null
  start_url: string | null
  storage: SessionRecording['storage']
  snapshot_source: SessionRecording['snapshot_source']
  activity_score: number | null
}

const ORDER_COLUMNS: Record<string, string> = {
  start_time: 'start_time',
  duration: 'recording_duration',
  active_seconds: 'active_seconds',
  console_error_count: 'console_error_count',
  activity_score: 'activity_score',
  click_count: 'click_count',
}

const ONGOING_MS = 5 * 60_000

const sql = statements({
  one: 'SELECT * FROM session_recordings WHERE team_id = ? AND id = ? AND deleted_at IS NULL',
  viewed: 'UPDATE session_recordings SET viewed = ? WHERE rid = ?',
  distinct: 'UPDATE session_recordings SET distinct_id = ? WHERE rid = ?',
  softDelete: 'UPDATE session_recordings SET deleted_at = ? WHERE rid = ? AND deleted_at IS NULL',
})

/** Resolves `-7d`, `-24h`, dates and instants to epoch ms; date-only `date_to` covers its whole day. */
export function resolveDate(value: string, end: boolean, now = Date.now()): number {
  const rel = /^-(\d+)([hdwm])$/.exec(value)
  if (rel) {
    const unit = { h: 3_600_000, d: 86_400_000, w: 604_800_000, m: 2_592_000_000 }[rel[2] as 'h' | 'd' | 'w' | 'm']
    return now - Number(rel[1]) * unit
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return Date.parse(`${value}T00:00:00Z`) + (end ? 86_400_000 : 0)
  return Date.parse(value)
}

function filterClause(teamId: number, q: RecordingsQuery) {
  const clauses = ['team_id = ?', 'deleted_at IS NULL']
  const args: unknown[] = [teamId]
  if (q.date_from) {
    clauses.push('start_time >= ?')
    args.push(resolveDate(q.date_from, false))
  }
  if (q.date_to) {
    clauses.push('start_time < ?')
    args.push(resolveDate(q.date_to, true))
  }
  if (q.viewed !== undefined) {
    clauses.push('viewed = ?')
    args.push(q.viewed ? 1 : 0)
  }
  if (q.min_duration !== undefined) {
    clauses.push('recording_duration >= ?')
    args.push(q.min_duration)
  }
  if (q.has_console_errors !== undefined)
    clauses.push(q.has_console_errors ? 'console_error_count > 0' : 'COALESCE(console_error_count, 0) = 0')
  return { where: clauses.join(' AND '), args }
}

/** PostHog-style order: descending by default; a `-` prefix or `order_direction=ASC` makes it ascending. */
export function orderClause(q: RecordingsQuery) {
  const raw = q.order ?? 'start_time'
  const ascending = raw.startsWith('-') || q.order_direction === 'ASC'
  const column = ORDER_COLUMNS[raw.replace(/^-/, '')] ?? 'start_time'
  const dir = ascending ? 'ASC' : 'DESC'
  return `${column} ${dir}, rid ${dir}`
}

const countCache = new Map<string, number>()
let localWrites = 0

export function countRecordings(db: Db, teamId: number, q: RecordingsQuery): number {
  const f = filterClause(teamId, q)
  // Relative dates move with the clock, so only absolute filters are cached.
  const cacheable = !/^-/.test(q.date_from ?? '') && !/^-/.test(q.date_to ?? '')
  const key = `${db.name}|${db.pragma('data_version', { simple: true })}|${localWrites}|${f.where}|${JSON.stringify(f.args)}`
  const hit = cacheable ? countCache.get(key) : undefined
  if (hit !== undefined) return hit
  const n = (
    db.prepare(`SELECT COUNT(*) AS n FROM session_recordings WHERE ${f.where}`).get(...f.args) as { n: number }
  ).n
  if (cacheable) {
    if (countCache.size > 1000) countCache.clear()
    countCache.set(key, n)
  }
  return n
}

/** One page; the inner query walks only the covering index, then the page's rows are fetched. */
export function listRecordings(db: Db, teamId: number, q: RecordingsQuery, limit: number, offset: number) {
  const f = filterClause(teamId, q)
  const order = orderClause(q)
  const rows = db
    .prepare(
      `SELECT r.* FROM (SELECT rid FROM session_recordings WHERE ${f.where} ORDER BY ${order} LIMIT ? OFFSET ?) p
       JOIN session_recordings r ON r.rid = p.rid ORDER BY ${order.replace(/(\w+) (ASC|DESC)/g, 'r.$1 $2')}`,
    )
    .all(...f.args, limit, offset) as RecordingRow[]
  return toRecordings(db, teamId, rows)
}

export function findRecordingRow(db: Db, teamId: number, id: string) {
  return sql(db).one.get(teamId, id) as RecordingRow | undefined
}

export function toRecordings(db: Db, teamId: number, rows: RecordingRow[], now = Date.now()): SessionRecording[] {
  const persons = personsByDistinctIds(
    db,
    teamId,
    rows.map((r) => r.distinct_id).filter((d): d is string => d !== null),
  )
  return rows.map((r) => ({
    id: r.id,
    distinct_id: r.distinct_id,
    viewed: Boolean(r.viewed),
    recording_duration: r.recording_duration,
    active_seconds: r.active_seconds,
    inactive_seconds: r.inactive_seconds,
    start_time: new Date(r.start_time).toISOString(),
    end_time: new Date(r.end_time).toISOString(),
    click_count: r.click_count,
    keypress_count: r.keypress_count,
    mouse_activity_count: r.mouse_activity_count,
    console_log_count: r.console_log_count,
    console_warn_count: r.console_warn_count,
    console_error_count: r.console_error_count,
    start_url: r.start_url,
    person: (r.distinct_id && persons.get(r.distinct_id)) || null,
    storage: r.storage,
    snapshot_source: r.snapshot_source,
    ongoing: now - r.end_time < ONGOING_MS,
    activity_score: r.activity_score,
  }))
}

export function setViewed(db: Db, rid: number, viewed: boolean) {
  sql(db).viewed.run(viewed ? 1 : 0, rid)
}

export function setDistinctId(db: Db, rid: number, distinctId: string) {
  sql(db).distinct.run(distinctId, rid)
}

export function softDeleteRecording(db: Db, rid: number) {
  localWrites++
  return sql(db).softDelete.run(new Date().toISOString(), rid).changes > 0
}

export type NewRecording = Omit<RecordingRow, 'rid'>

const insertSql = statements({
  insert: `INSERT INTO session_recordings (id, team_id, distinct_id, viewed, recording_duration, active_seconds,
    inactive_seconds, start_time, end_time, click_count, keypress_count, mouse_activity_count, console_log_count,
    console_warn_count, console_error_count, start_url, storage, snapshot_source, activity_score)
    VALUES (@id, @team_id, @distinct_id, @viewed, @recording_duration, @active_seconds, @inactive_seconds, @start_time,
    @end_time, @click_count, @keypress_count, @mouse_activity_count, @console_log_count, @console_warn_count,
    @console_error_count, @start_url, @storage, @snapshot_source, @activity_score)`,
})

export function insertRecordings(db: Db, rows: NewRecording[]) {
  localWrites++
  const stmt = insertSql(db).insert
  db.transaction(() => {
    for (const r of rows) stmt.run(r)
  })()
}
