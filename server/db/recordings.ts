import { resolveDate, type RecordingsQuery, type SessionRecording } from '../../src/contracts/session-recordings'
import { prepareCached, statements, versionedCache, type Db, writeTransaction } from './database'
import { personsByDistinctIds } from './persons'
import { deleteSnapshots } from './snapshots'

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

function filterClause(teamId: number, q: RecordingsQuery) {
  const clauses = ['team_id = ?', 'deleted_at IS NULL']
  const args: unknown[] = [teamId]
  if (q.date_from) {
    clauses.push('start_time >= ?')
    args.push(resolveDate(q.date_from, false, Date.now()))
  }
  if (q.date_to) {
    clauses.push('start_time < ?')
    args.push(resolveDate(q.date_to, true, Date.now()))
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

/** Relative dates move with the clock, so results filtered by them are never cached. */
const isRelative = (q: RecordingsQuery) => /^-/.test(q.date_from ?? '') || /^-/.test(q.date_to ?? '')

const counts = versionedCache<number>(['session_recordings'])

export function countRecordings(db: Db, teamId: number, q: RecordingsQuery): number {
  const f = filterClause(teamId, q)
  const key = `${f.where}|${JSON.stringify(f.args)}`
  const cache = counts(db)
  const hit = isRelative(q) ? undefined : cache.get(key)
  if (hit !== undefined) return hit
  const n = prepareCached(db, `SELECT COUNT(*) FROM session_recordings WHERE ${f.where}`)
    .pluck()
    .get(...f.args) as number
  return isRelative(q) ? n : cache.set(key, n)
}

// Deep pages: remember the sort key of every ANCHOR_STRIDE-th row so a page at offset 99 900 starts from a
// nearby anchor (keyset) instead of walking 99 900 index entries. Only NOT NULL sort columns qualify.
const ANCHOR_STRIDE = 1000

/** The leading column and direction of an `orderClause`. */
const sortOf = (order: string) => order.split(/[ ,]+/) as [string, 'ASC' | 'DESC']
const ANCHORED = new Set(['start_time', 'recording_duration'])
type Anchor = { v: number; rid: number }
const anchors = versionedCache<Anchor>(['session_recordings'], 5000)

/** The row at `position` (a multiple of ANCHOR_STRIDE), found from the nearest lower known anchor. */
function anchorAt(db: Db, f: { where: string; args: unknown[] }, order: string, position: number) {
  const [column, dir] = sortOf(order)
  const cache = anchors(db)
  const key = (p: number) => `${f.where}|${JSON.stringify(f.args)}|${order}|${p}`
  const hit = cache.get(key(position))
  if (hit) return hit
  let from = position - ANCHOR_STRIDE
  while (from > 0 && !cache.get(key(from))) from -= ANCHOR_STRIDE
  const prev = from > 0 ? cache.get(key(from))! : null
  const select = `SELECT ${column} AS v, rid FROM session_recordings WHERE ${f.where}`
  const row = (
    prev
      ? prepareCached(
          db,
          `${select} AND (${column}, rid) ${dir === 'DESC' ? '<' : '>'} (?, ?) ORDER BY ${order} LIMIT 1 OFFSET ?`,
        ).get(...f.args, prev.v, prev.rid, position - from - 1)
      : prepareCached(db, `${select} ORDER BY ${order} LIMIT 1 OFFSET ?`).get(...f.args, position)
  ) as Anchor | undefined
  return row && cache.set(key(position), row)
}

function pageRids(db: Db, teamId: number, q: RecordingsQuery, limit: number, offset: number): number[] {
  const f = filterClause(teamId, q)
  const order = orderClause(q)
  const [column, dir] = sortOf(order)
  const position = Math.floor(offset / ANCHOR_STRIDE) * ANCHOR_STRIDE
  const select = `SELECT rid FROM session_recordings WHERE ${f.where}`
  if (position > 0 && ANCHORED.has(column)) {
    const anchor = anchorAt(db, f, order, position)
    if (!anchor) return []
    const from = `(${column}, rid) ${dir === 'DESC' ? '<=' : '>='} (?, ?)`
    return prepareCached(db, `${select} AND ${from} ORDER BY ${order} LIMIT ? OFFSET ?`)
      .pluck()
      .all(...f.args, anchor.v, anchor.rid, limit, offset - position) as number[]
  }
  return prepareCached(db, `${select} ORDER BY ${order} LIMIT ? OFFSET ?`)
    .pluck()
    .all(...f.args, limit, offset) as number[]
}

// Identical list requests within a second, on unchanged data, share one result (ongoing flags stay fresh).
const pages = versionedCache<{ at: number; results: SessionRecording[] }>([
  'session_recordings',
  'persons',
  'person_distinct_ids',
])
const PAGE_CACHE_MS = 1000

/** One page of recordings; pages are found through covering indexes (and anchors when deep), then fetched by rowid. */
export function listRecordings(db: Db, teamId: number, q: RecordingsQuery, limit: number, offset: number) {
  const key = `${teamId}|${JSON.stringify(q)}|${limit}|${offset}`
  const now = Date.now()
  const cache = pages(db)
  const hit = isRelative(q) ? undefined : cache.get(key)
  if (hit && now - hit.at < PAGE_CACHE_MS) return hit.results
  const order = orderClause(q).replace(/(\w+) (ASC|DESC)/g, 'r.$1 $2')
  const rows = prepareCached(
    db,
    `SELECT r.* FROM session_recordings r WHERE r.rid IN (SELECT value FROM json_each(?)) ORDER BY ${order}`,
  ).all(JSON.stringify(pageRids(db, teamId, q, limit, offset))) as RecordingRow[]
  const results = toRecordings(db, teamId, rows, now)
  if (!isRelative(q)) cache.set(key, { at: now, results })
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
  sql(db).viewed.run(viewed ? 1 : 0, rid)
}

export function setDistinctId(db: Db, rid: number, distinctId: string) {
  sql(db).distinct.run(distinctId, rid)
}

/** Soft-deletes the row and, in the same transaction, removes its snapshot data for good. */
export function softDeleteRecording(db: Db, row: Pick<RecordingRow, 'rid' | 'team_id' | 'id'>) {
  return writeTransaction(db, () => {
    const deleted = sql(db).softDelete.run(new Date().toISOString(), row.rid).changes > 0
    deleteSnapshots(db, row.team_id, row.id)
    return deleted
  })
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
  const stmt = insertSql(db).insert
  writeTransaction(db, () => {
    for (const r of rows) stmt.run(r)
  })
}
