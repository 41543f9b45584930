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

/** Bumped on every write through this process, so caches keyed on it never serve stale data. */
let localWrites = 0

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

export function countRecordings(db: Db, teamId: number, q: RecordingsQuery): number {
  const f = filterClause(teamId, q)
  // Relative dates move with the clock, so only absolute filters are cached.
  const cacheable = !/^-/.test(q.date_from ?? '') && !/^-/.test(q.date_to ?? '')
  const key = `${dataVersion(db)}|${f.where}|${JSON.stringify(f.args)}`
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

/** Identifies the current state of the recordings table, across this and other connections. */
const dataVersion = (db: Db) => `${db.name}|${db.pragma('data_version', { simple: true })}|${localWrites}`

// Deep pages: remember the sort key of every ANCHOR_STRIDE-th row so a page at offset 99 900 starts from a
// nearby anchor (keyset) instead of walking 99 900 index entries. Only NOT NULL sort columns qualify.
const ANCHOR_STRIDE = 1000
const ANCHORED = new Set(['start_time', 'recording_duration'])
const anchors = new Map<string, Map<number, { v: number; rid: number }>>()

function anchorAt(
  db: Db,
  key: string,
  base: { where: string; args: unknown[] },
  order: string,
  column: string,
  cmp: string,
  position: number,
) {
  let known = anchors.get(key)
  if (!known) {
    if (anchors.size > 200) anchors.clear()
    known = new Map()
    anchors.set(key, known)
  }
  const hit = known.get(position)
  if (hit) return hit
  let from = 0
  for (const p of known.keys()) if (p < position && p > from) from = p
  const prev = from ? known.get(from)! : null
  const row = (
    prev
      ? db
          .prepare(
            `SELECT ${column} AS v, rid FROM session_recordings WHERE ${base.where} AND (${column}, rid) ${cmp} (?, ?) ORDER BY ${order} LIMIT 1 OFFSET ?`,
          )
          .get(...base.args, prev.v, prev.rid, position - from - 1)
      : db
          .prepare(
            `SELECT ${column} AS v, rid FROM session_recordings WHERE ${base.where} ORDER BY ${order} LIMIT 1 OFFSET ?`,
          )
          .get(...base.args, position)
  ) as { v: number; rid: number } | undefined
  if (row) known.set(position, row)
  return row
}

function pageRids(db: Db, teamId: number, q: RecordingsQuery, limit: number, offset: number): number[] {
  const f = filterClause(teamId, q)
  const order = orderClause(q)
  const column = order.split(' ')[0]!
  const descending = order.includes('DESC')
  const position = Math.floor(offset / ANCHOR_STRIDE) * ANCHOR_STRIDE
  if (position > 0 && ANCHORED.has(column)) {
    const key = `${dataVersion(db)}|${f.where}|${JSON.stringify(f.args)}|${order}`
    const anchor = anchorAt(db, key, f, order, column, descending ? '<' : '>', position)
    if (!anchor) return []
    return (
      db
        .prepare(
          `SELECT rid FROM session_recordings WHERE ${f.where} AND (${column}, rid) ${descending ? '<=' : '>='} (?, ?) ORDER BY ${order} LIMIT ? OFFSET ?`,
        )
        .all(...f.args, anchor.v, anchor.rid, limit, offset - position) as { rid: number }[]
    ).map((r) => r.rid)
  }
  return (
    db
      .prepare(`SELECT rid FROM session_recordings WHERE ${f.where} ORDER BY ${order} LIMIT ? OFFSET ?`)
      .all(...f.args, limit, offset) as { rid: number }[]
  ).map((r) => r.rid)
}

// Identical list requests within a second, on unchanged data, share one result (ongoing flags stay fresh).
const pageCache = new Map<string, { at: number; results: SessionRecording[] }>()
const PAGE_CACHE_MS = 1000

/** One page of recordings; pages are found through covering indexes (and anchors when deep), then fetched by rowid. */
export function listRecordings(db: Db, teamId: number, q: RecordingsQuery, limit: number, offset: number) {
  const relative = /^-/.test(q.date_from ?? '') || /^-/.test(q.date_to ?? '')
  const key = `${dataVersion(db)}|${teamId}|${JSON.stringify(q)}|${limit}|${offset}`
  const now = Date.now()
  const hit = relative ? undefined : pageCache.get(key)
  if (hit && now - hit.at < PAGE_CACHE_MS) return hit.results
  const rids = pageRids(db, teamId, q, limit, offset)
  const order = orderClause(q).replace(/(\w+) (ASC|DESC)/g, 'r.$1 $2')
  const rows = db
    .prepare(`SELECT r.* FROM session_recordings r WHERE r.rid IN (SELECT value FROM json_each(?)) ORDER BY ${order}`)
    .all(JSON.stringify(rids)) as RecordingRow[]
  const results = toRecordings(db, teamId, rows, now)
  if (!relative) {
    if (pageCache.size > 500) pageCache.clear()
    pageCache.set(key, { at: now, results })
  }
  return results
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
  localWrites++
  sql(db).viewed.run(viewed ? 1 : 0, rid)
}

export function setDistinctId(db: Db, rid: number, distinctId: string) {
  localWrites++
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
