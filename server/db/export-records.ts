import type { BatchExportModel } from '../../src/contracts/batch-exports'
import { prepareCached, type Db } from './database'

/**
 * What an export reads: the rows of one model in one data window, in pages ordered by a cursor so
 * a window is never held in memory whole. Events and sessions belong to the window they arrived
 * (or last changed) in; persons to the window they were created or last changed in.
 */

export interface EventRecord {
  uuid: string
  event: string
  /** The properties as stored: JSON text of an object (parse with `parseObject` when fields are needed). */
  properties: string
  distinct_id: string
  team_id: number
  timestamp: string
  created_at: string
  inserted_at: string
  elements_chain: string
  person_id: string | null
  /** JSON text, or null when the person is unknown. */
  person_properties: string | null
}

export interface PersonRecord {
  team_id: number
  distinct_id: string
  person_id: string
  properties: Record<string, unknown>
  person_version: number
  person_distinct_id_version: number
  created_at: string
  inserted_at: string
  is_deleted: boolean
}

export interface SessionRecord {
  team_id: number
  session_id: string
  distinct_id: string
  start_timestamp: string
  end_timestamp: string
  duration: number
  entry_url: string | null
  end_url: string | null
  pageview_count: number
  autocapture_count: number
  event_count: number
  inserted_at: string
}

export type ExportRecord = EventRecord | PersonRecord | SessionRecord

export interface WindowQuery {
  teamId: number
  /** Epoch ms, inclusive. */
  start: number
  /** Epoch ms, exclusive. */
  end: number
  includeEvents?: string[] | null
  excludeEvents?: string[] | null
}

/** Where the next page starts: the sort key of the last row read. */
export type Cursor = { at: number | string; id: number | string } | null

export interface Page<R> {
  records: R[]
  next: Cursor
}

const iso = (ms: number) => new Date(ms).toISOString()
/** Stored JSON text as an object; anything that is not an object reads as `{}`. */
export const parseObject = (text: string | null): Record<string, unknown> => {
  if (!text) return {}
  try {
    const value = JSON.parse(text) as unknown
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

function eventFilter(q: WindowQuery) {
  let sql = ''
  const args: unknown[] = []
  if (q.includeEvents?.length) {
    sql += ' AND e.event IN (SELECT value FROM json_each(?))'
    args.push(JSON.stringify(q.includeEvents))
  }
  if (q.excludeEvents?.length) {
    sql += ' AND e.event NOT IN (SELECT value FROM json_each(?))'
    args.push(JSON.stringify(q.excludeEvents))
  }
  return { sql, args }
}

interface EventRow {
  id: number
  uuid: string
  event: string
  properties: string
  distinct_id: string
  team_id: number
  timestamp: number
  created_at: number
  inserted_at: number
  elements_chain: string
  person_id: string | null
  person_properties: string | null
}

function eventPage(db: Db, q: WindowQuery, cursor: Cursor, limit: number): Page<EventRecord> {
  const f = eventFilter(q)
  // The cursor's time is the lower bound of the index range, so a page seeks to where the last one ended
  // (a row-value comparison alone made SQLite scan the window from its start for every page).
  const after = cursor ? ' AND (e.inserted_at > ? OR e.id > ?)' : ''
  const rows = prepareCached<EventRow>(
    db,
    `SELECT e.id, e.uuid, e.event, e.properties, e.distinct_id, e.team_id, e.timestamp, e.created_at, e.inserted_at,
            e.elements_chain, e.person_id, p.properties AS person_properties
       FROM events e LEFT JOIN persons p ON p.uuid = e.person_id
      WHERE e.team_id = ? AND e.inserted_at >= ? AND e.inserted_at < ?${after}${f.sql}
      ORDER BY e.inserted_at, e.id LIMIT ?`,
  ).all(q.teamId, cursor ? cursor.at : q.start, q.end, ...(cursor ? [cursor.at, cursor.id] : []), ...f.args, limit)
  const last = rows.at(-1)
  return {
    records: rows.map((r) => ({
      uuid: r.uuid,
      event: r.event,
      properties: r.properties,
      distinct_id: r.distinct_id,
      team_id: r.team_id,
      timestamp: iso(r.timestamp),
      created_at: iso(r.created_at),
      inserted_at: iso(r.inserted_at),
      elements_chain: r.elements_chain,
      person_id: r.person_id,
      person_properties: r.person_properties,
    })),
    next: rows.length === limit && last ? { at: last.inserted_at, id: last.id } : null,
  }
}

interface PersonRow {
  id: number
  uuid: string
  team_id: number
  properties: string
  version: number
  created_at: string
  changed: string
  distinct_ids: string
}

function personPage(db: Db, q: WindowQuery, cursor: Cursor, limit: number): Page<PersonRecord> {
  const after = cursor ? ' AND (coalesce(p.updated_at, p.created_at) > ? OR p.id > ?)' : ''
  const rows = prepareCached<PersonRow>(
    db,
    `SELECT p.id, p.uuid, p.team_id, p.properties, p.version, p.created_at,
            coalesce(p.updated_at, p.created_at) AS changed,
            (SELECT json_group_array(d.distinct_id) FROM person_distinct_ids d WHERE d.person_id = p.id) AS distinct_ids
       FROM persons p
      WHERE p.team_id = ? AND coalesce(p.updated_at, p.created_at) >= ? AND coalesce(p.updated_at, p.created_at) < ?${after}
      ORDER BY coalesce(p.updated_at, p.created_at), p.id LIMIT ?`,
  ).all(q.teamId, cursor ? cursor.at : iso(q.start), iso(q.end), ...(cursor ? [cursor.at, cursor.id] : []), limit)
  const last = rows.at(-1)
  const records: PersonRecord[] = []
  for (const r of rows) {
    const properties = parseObject(r.properties)
    for (const distinctId of JSON.parse(r.distinct_ids) as string[]) {
      records.push({
        team_id: r.team_id,
        distinct_id: distinctId,
        person_id: r.uuid,
        properties,
        person_version: r.version,
        person_distinct_id_version: 0,
        created_at: r.created_at,
        inserted_at: r.changed,
        is_deleted: false,
      })
    }
  }
  return { records, next: rows.length === limit && last ? { at: last.changed, id: last.id } : null }
}

interface SessionRow {
  team_id: number
  session_id: string
  distinct_id: string
  start_timestamp: number
  end_timestamp: number
  entry_url: string | null
  end_url: string | null
  pageview_count: number
  autocapture_count: number
  event_count: number
  inserted_at: number
}

function sessionPage(db: Db, q: WindowQuery, cursor: Cursor, limit: number): Page<SessionRecord> {
  const after = cursor ? ' AND (inserted_at > ? OR session_id > ?)' : ''
  const rows = prepareCached<SessionRow>(
    db,
    `SELECT * FROM sessions WHERE team_id = ? AND inserted_at >= ? AND inserted_at < ?${after}
      ORDER BY inserted_at, session_id LIMIT ?`,
  ).all(q.teamId, cursor ? cursor.at : q.start, q.end, ...(cursor ? [cursor.at, cursor.id] : []), limit)
  const last = rows.at(-1)
  return {
    records: rows.map((r) => ({
      team_id: r.team_id,
      session_id: r.session_id,
      distinct_id: r.distinct_id,
      start_timestamp: iso(r.start_timestamp),
      end_timestamp: iso(r.end_timestamp),
      duration: Math.round((r.end_timestamp - r.start_timestamp) / 1000),
      entry_url: r.entry_url,
      end_url: r.end_url,
      pageview_count: r.pageview_count,
      autocapture_count: r.autocapture_count,
      event_count: r.event_count,
      inserted_at: iso(r.inserted_at),
    })),
    next: rows.length === limit && last ? { at: last.inserted_at, id: last.session_id } : null,
  }
}

/** One page of a model's rows in a window, after `cursor`. */
export function readPage(
  db: Db,
  model: BatchExportModel,
  q: WindowQuery,
  cursor: Cursor,
  limit: number,
): Page<ExportRecord> {
  if (model === 'persons') return personPage(db, q, cursor, limit)
  if (model === 'sessions') return sessionPage(db, q, cursor, limit)
  return eventPage(db, q, cursor, limit)
}

/** How many rows a window holds (persons: one row per distinct id). */
export function countWindow(db: Db, model: BatchExportModel, q: WindowQuery): number {
  if (model === 'persons') {
    return (
      prepareCached<number>(
        db,
        `SELECT COUNT(*) FROM persons p JOIN person_distinct_ids d ON d.person_id = p.id
        WHERE p.team_id = ? AND coalesce(p.updated_at, p.created_at) >= ? AND coalesce(p.updated_at, p.created_at) < ?`,
      )
        .pluck()
        .get(q.teamId, iso(q.start), iso(q.end)) ?? 0
    )
  }
  if (model === 'sessions') {
    return (
      prepareCached<number>(
        db,
        'SELECT COUNT(*) FROM sessions WHERE team_id = ? AND inserted_at >= ? AND inserted_at < ?',
      )
        .pluck()
        .get(q.teamId, q.start, q.end) ?? 0
    )
  }
  const f = eventFilter(q)
  return (
    prepareCached<number>(
      db,
      `SELECT COUNT(*) FROM events e WHERE e.team_id = ? AND e.inserted_at >= ? AND e.inserted_at < ?${f.sql}`,
    )
      .pluck()
      .get(q.teamId, q.start, q.end, ...f.args) ?? 0
  )
}
