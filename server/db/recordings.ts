import { isRelativeDate } from '../../src/contracts/recording-dates'
import {
  RECORDING_FIELDS,
  recordingRules,
  type Condition,
  type RecordingField,
} from '../../src/contracts/recording-filters'
import { recordingOrder, type RecordingSelection } from '../../src/contracts/recordings-list-query'
import type { SessionRecording } from '../../src/contracts/session-recordings'
import { prepareCached, query, statements, versionedCache, type Db, writeTransaction } from './database'
import { personsByDistinctIds } from './persons'
import { deleteSnapshots } from './snapshots'

/** A row of session_recordings (times in epoch ms; deleted rows never leave this module). */
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
  /** Capture only: the sum of its batches' active milliseconds (active_seconds is derived from it). */
  active_ms?: number | null
  /** Capture only: when data last arrived (epoch ms); `ongoing` reads it, else end_time. */
  received_at?: number | null
}

/** The SQL for each field the filter rules and orders name (src/contracts/recording-filters.ts). */
const COLUMNS: Record<RecordingField, string> = {
  id: 'id',
  distinct_id: 'distinct_id',
  person_uuid: `(SELECT p.uuid FROM person_distinct_ids d JOIN persons p ON p.id = d.person_id
                 WHERE d.team_id = session_recordings.team_id AND d.distinct_id = session_recordings.distinct_id)`,
  snapshot_source: 'snapshot_source',
  start_url: 'start_url',
  viewed: 'viewed',
  start_time: 'start_time',
  recording_duration: 'recording_duration',
  active_seconds: 'active_seconds',
  inactive_seconds: 'inactive_seconds',
  click_count: 'click_count',
  keypress_count: 'keypress_count',
  mouse_activity_count: 'mouse_activity_count',
  console_log_count: 'console_log_count',
  console_warn_count: 'console_warn_count',
  console_error_count: 'console_error_count',
  activity_score: 'activity_score',
}
/** Columns that are never NULL compare bare, so their indexes serve range filters. */
const NOT_NULL = new Set<RecordingField>(['start_time', 'recording_duration', 'viewed', 'id'])

const SQL_OPS = { eq: '=', ne: '!=', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const

/** One condition as SQL, with the contract's rules for what is missing: counts as 0, texts as never equal. */
function conditionSql({ field, op, value }: Condition): { sql: string; args: unknown[] } {
  const column = COLUMNS[field]
  const kind = RECORDING_FIELDS[field].kind
  if (Array.isArray(value)) {
    const inList = `${column} IN (SELECT value FROM json_each(?))`
    const sql = op === 'not_in' ? `(${column} IS NULL OR NOT ${inList})` : inList
    return { sql, args: [JSON.stringify(value)] }
  }
  // Case folding of ASCII, as SQLite's lower() does; the pattern through the linear-time engine (url-match.ts).
  if (op === 'icontains') return { sql: `instr(lower(${column}), ?) > 0`, args: [String(value).toLowerCase()] }
  if (op === 'regex') return { sql: `url_regexp(?, ${column}) = 1`, args: [value] }
  const arg = typeof value === 'boolean' ? Number(value) : value
  const sqlOp = op === 'in' || op === 'not_in' ? '=' : SQL_OPS[op]
  if (kind === 'number' && !NOT_NULL.has(field)) return { sql: `COALESCE(${column}, 0) ${sqlOp} ?`, args: [arg] }
  if (kind === 'text' && op === 'ne') return { sql: `(${column} IS NULL OR ${column} != ?)`, args: [arg] }
  return { sql: `${column} ${sqlOp} ?`, args: [arg] }
}

const ONGOING_MS = 5 * 60_000

const sql = statements({
  one: query<RecordingRow, [teamId: number, id: string]>(
    'SELECT * FROM session_recordings WHERE team_id = ? AND id = ? AND deleted_at IS NULL',
  ),
  viewed: query<never, [viewed: number, rid: number]>('UPDATE session_recordings SET viewed = ? WHERE rid = ?'),
  distinct: query<never, [distinctId: string, rid: number]>(
    'UPDATE session_recordings SET distinct_id = ? WHERE rid = ?',
  ),
  softDelete: query<never, [at: string, rid: number]>(
    'UPDATE session_recordings SET deleted_at = ? WHERE rid = ? AND deleted_at IS NULL',
  ),
})

function filterClause(teamId: number, q: RecordingSelection) {
  const clauses = ['team_id = ?', 'deleted_at IS NULL']
  const args: unknown[] = [teamId]
  for (const rule of recordingRules(q, Date.now())) {
    const parts = rule.any.map(conditionSql)
    clauses.push(parts.length === 1 ? parts[0]!.sql : `(${parts.map((p) => p.sql).join(' OR ')})`)
    args.push(...parts.flatMap((p) => p.args))
  }
  return { where: clauses.join(' AND '), args }
}

/** The query's sort as SQL, with rid breaking ties in the same direction. */
export function orderClause(q: RecordingSelection) {
  const { field, ascending } = recordingOrder(q)
  const dir = ascending ? 'ASC' : 'DESC'
  return `${COLUMNS[field]} ${dir}, rid ${dir}`
}

/** Results that move with the clock (relative dates) or hang on persons are never cached. */
const uncacheable = (q: RecordingSelection) =>
  isRelativeDate(q.date_from) || isRelativeDate(q.date_to) || q.person_uuid !== undefined

const counts = versionedCache<number>(['session_recordings'])

export function countRecordings(db: Db, teamId: number, q: RecordingSelection): number {
  const f = filterClause(teamId, q)
  const key = `${f.where}|${JSON.stringify(f.args)}`
  const cache = counts(db)
  const hit = uncacheable(q) ? undefined : cache.get(key)
  if (hit !== undefined) return hit
  const n =
    prepareCached<number>(db, `SELECT COUNT(*) FROM session_recordings WHERE ${f.where}`)
      .pluck()
      .get(...f.args) ?? 0
  return uncacheable(q) ? n : cache.set(key, n)
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
  const row = prev
    ? prepareCached<Anchor>(
        db,
        `${select} AND (${column}, rid) ${dir === 'DESC' ? '<' : '>'} (?, ?) ORDER BY ${order} LIMIT 1 OFFSET ?`,
      ).get(...f.args, prev.v, prev.rid, position - from - 1)
    : prepareCached<Anchor>(db, `${select} ORDER BY ${order} LIMIT 1 OFFSET ?`).get(...f.args, position)
  return row && cache.set(key(position), row)
}

function pageRids(db: Db, teamId: number, q: RecordingSelection, limit: number, offset: number): number[] {
  const f = filterClause(teamId, q)
  const order = orderClause(q)
  const [column, dir] = sortOf(order)
  const position = Math.floor(offset / ANCHOR_STRIDE) * ANCHOR_STRIDE
  const select = `SELECT rid FROM session_recordings WHERE ${f.where}`
  if (position > 0 && ANCHORED.has(column)) {
    // Past the end there is no anchor to find; looking for one would walk back from any offset, however large.
    if (offset >= countRecordings(db, teamId, q)) return []
    const anchor = anchorAt(db, f, order, position)
    if (!anchor) return []
    const from = `(${column}, rid) ${dir === 'DESC' ? '<=' : '>='} (?, ?)`
    return prepareCached<number>(db, `${select} AND ${from} ORDER BY ${order} LIMIT ? OFFSET ?`)
      .pluck()
      .all(...f.args, anchor.v, anchor.rid, limit, offset - position)
  }
  return prepareCached<number>(db, `${select} ORDER BY ${order} LIMIT ? OFFSET ?`)
    .pluck()
    .all(...f.args, limit, offset)
}

// Identical list requests within a second, on unchanged data, share one result (ongoing flags stay fresh).
const pages = versionedCache<{ at: number; results: SessionRecording[] }>([
  'session_recordings',
  'persons',
  'person_distinct_ids',
])
const PAGE_CACHE_MS = 1000

/** One page of recordings; pages are found through covering indexes (and anchors when deep), then fetched by rowid. */
export function listRecordings(db: Db, teamId: number, q: RecordingSelection, limit: number, offset: number) {
  const key = `${teamId}|${JSON.stringify(q)}|${limit}|${offset}`
  const now = Date.now()
  const cache = pages(db)
  const hit = uncacheable(q) ? undefined : cache.get(key)
  if (hit && now - hit.at < PAGE_CACHE_MS) return hit.results
  const order = orderClause(q).replace(/(\w+) (ASC|DESC)/g, 'r.$1 $2')
  const rows = prepareCached<RecordingRow>(
    db,
    `SELECT r.* FROM session_recordings r WHERE r.rid IN (SELECT value FROM json_each(?)) ORDER BY ${order}`,
  ).all(JSON.stringify(pageRids(db, teamId, q, limit, offset)))
  const results = toRecordings(db, teamId, rows, now)
  if (!uncacheable(q)) cache.set(key, { at: now, results })
  return results
}

export function findRecordingRow(db: Db, teamId: number, id: string) {
  return sql(db).one.get(teamId, id)
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
    ongoing: now - (r.received_at ?? r.end_time) < ONGOING_MS,
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

export type NewRecording = Omit<RecordingRow, 'rid' | 'active_ms' | 'received_at'>

const insertSql = statements({
  insert: query<
    never,
    NewRecording
  >(`INSERT INTO session_recordings (id, team_id, distinct_id, viewed, recording_duration, active_seconds,
    inactive_seconds, start_time, end_time, click_count, keypress_count, mouse_activity_count, console_log_count,
    console_warn_count, console_error_count, start_url, storage, snapshot_source, activity_score)
    VALUES (@id, @team_id, @distinct_id, @viewed, @recording_duration, @active_seconds, @inactive_seconds, @start_time,
    @end_time, @click_count, @keypress_count, @mouse_activity_count, @console_log_count, @console_warn_count,
    @console_error_count, @start_url, @storage, @snapshot_source, @activity_score)`),
})

export function insertRecordings(db: Db, rows: NewRecording[]) {
  const stmt = insertSql(db).insert
  writeTransaction(db, () => {
    for (const r of rows) stmt.run(r)
  })
}

/**
 * What one batch of rrweb events says about its recording (server/capture/recording-summary.ts
 * computes it as PostHog's replay ingestion does).
 */
export interface RecordingSummary {
  firstTimestamp: number
  lastTimestamp: number
  firstUrl: string | null
  clickCount: number
  keypressCount: number
  mouseActivityCount: number
  activeMilliseconds: number
  consoleLogCount: number
  consoleWarnCount: number
  consoleErrorCount: number
}

/** What one captured batch of a session adds to its recording. */
export interface CapturedBatch extends RecordingSummary {
  distinctId: string
  snapshotSource: 'web' | 'mobile'
  receivedAt: number
}

const capturedSql = statements({
  state: query<{ deleted_at: string | null }, [teamId: number, id: string]>(
    'SELECT deleted_at FROM session_recordings WHERE team_id = ? AND id = ?',
  ),
  // Sums and extremes as PostHog's session_replay_events aggregates its batches; the start URL is the one
  // of the earliest batch that had one. The derived columns are set by `derive` right after.
  add: `INSERT INTO session_recordings (id, team_id, distinct_id, viewed, recording_duration, start_time, end_time,
      click_count, keypress_count, mouse_activity_count, console_log_count, console_warn_count, console_error_count,
      start_url, storage, snapshot_source, active_ms, received_at)
    VALUES (@id, @team_id, @distinct_id, 0, 0, @first, @last, @clicks, @keypresses, @mouse, @logs, @warns, @errors,
      @url, 'object_storage', @source, @active, @received)
    ON CONFLICT (team_id, id) DO UPDATE SET
      start_url = CASE WHEN excluded.start_time < start_time THEN coalesce(excluded.start_url, start_url)
                       ELSE coalesce(start_url, excluded.start_url) END,
      start_time = min(start_time, excluded.start_time),
      end_time = max(end_time, excluded.end_time),
      click_count = coalesce(click_count, 0) + excluded.click_count,
      keypress_count = coalesce(keypress_count, 0) + excluded.keypress_count,
      mouse_activity_count = coalesce(mouse_activity_count, 0) + excluded.mouse_activity_count,
      console_log_count = coalesce(console_log_count, 0) + excluded.console_log_count,
      console_warn_count = coalesce(console_warn_count, 0) + excluded.console_warn_count,
      console_error_count = coalesce(console_error_count, 0) + excluded.console_error_count,
      active_ms = coalesce(active_ms, 0) + excluded.active_ms,
      received_at = max(coalesce(received_at, 0), excluded.received_at),
      distinct_id = coalesce(distinct_id, excluded.distinct_id)
    WHERE deleted_at IS NULL`,
  // Duration in whole seconds (PostHog's dateDiff('second', start, end)); active seconds from the summed
  // milliseconds; the activity score as the demo seed computes it.
  derive: `UPDATE session_recordings SET
      recording_duration = (end_time - start_time) / 1000,
      active_seconds = min((end_time - start_time) / 1000, CAST(round(active_ms / 1000.0) AS INTEGER)),
      inactive_seconds = (end_time - start_time) / 1000 - min((end_time - start_time) / 1000, CAST(round(active_ms / 1000.0) AS INTEGER)),
      activity_score = round((click_count * 2 + round(active_ms / 1000.0) / 10.0 + console_error_count * 3) * 10) / 10.0
    WHERE team_id = ? AND id = ? AND deleted_at IS NULL`,
})

/** Whether a session's recording was deleted (captured data for it is then dropped, not resurrected). */
export const recordingDeleted = (db: Db, teamId: number, id: string) =>
  Boolean(capturedSql(db).state.get(teamId, id)?.deleted_at)

/** Creates or extends the recording of a captured session by one new batch (call inside the capture transaction). */
export function addCapturedBatch(db: Db, teamId: number, sessionId: string, batch: CapturedBatch) {
  const s = capturedSql(db)
  s.add.run({
    id: sessionId,
    team_id: teamId,
    distinct_id: batch.distinctId,
    first: batch.firstTimestamp,
    last: batch.lastTimestamp,
    clicks: batch.clickCount,
    keypresses: batch.keypressCount,
    mouse: batch.mouseActivityCount,
    logs: batch.consoleLogCount,
    warns: batch.consoleWarnCount,
    errors: batch.consoleErrorCount,
    url: batch.firstUrl,
    source: batch.snapshotSource,
    active: Math.round(batch.activeMilliseconds),
    received: batch.receivedAt,
  })
  s.derive.run(teamId, sessionId)
}
