import { query, statements, type Db } from './database'

/** One captured event as stored (times in epoch ms). Properties are untrusted captured data. */
export interface NewEvent {
  uuid: string
  event: string
  distinct_id: string
  properties: Record<string, unknown>
  timestamp: number
  created_at?: number
  inserted_at: number
  elements_chain?: string
  person_id?: string | null
}

/** An event's row as its insert binds it. */
interface EventInsert {
  team_id: number
  uuid: string
  event: string
  distinct_id: string
  properties: string
  timestamp: number
  created_at: number
  inserted_at: number
  elements_chain: string
  person_id: string | null
  session_id: string | null
}

/** What one event adds to its session (counts of 0 or 1; the url is the event's page). */
interface SessionUpsert {
  team_id: number
  session_id: string
  distinct_id: string
  timestamp: number
  url: string | null
  pageview: number
  autocapture: number
  inserted_at: number
}

const sql = statements({
  insert: query<
    never,
    EventInsert
  >(`INSERT OR IGNORE INTO events (team_id, uuid, event, distinct_id, properties, timestamp, created_at,
           inserted_at, elements_chain, person_id, session_id)
           VALUES (@team_id, @uuid, @event, @distinct_id, @properties, @timestamp, @created_at, @inserted_at,
           @elements_chain, @person_id, @session_id)`),
  upsertSession: query<
    never,
    SessionUpsert
  >(`INSERT INTO sessions (team_id, session_id, distinct_id, start_timestamp, end_timestamp, entry_url,
                  end_url, pageview_count, autocapture_count, event_count, inserted_at)
                  VALUES (@team_id, @session_id, @distinct_id, @timestamp, @timestamp, @url, @url, @pageview,
                  @autocapture, 1, @inserted_at)
                  ON CONFLICT (team_id, session_id) DO UPDATE SET
                    start_timestamp = min(start_timestamp, excluded.start_timestamp),
                    end_timestamp = max(end_timestamp, excluded.end_timestamp),
                    entry_url = CASE WHEN excluded.start_timestamp < start_timestamp THEN coalesce(excluded.entry_url, entry_url) ELSE coalesce(entry_url, excluded.entry_url) END,
                    end_url = CASE WHEN excluded.end_timestamp >= end_timestamp THEN coalesce(excluded.end_url, end_url) ELSE coalesce(end_url, excluded.end_url) END,
                    pageview_count = pageview_count + excluded.pageview_count,
                    autocapture_count = autocapture_count + excluded.autocapture_count,
                    event_count = event_count + 1,
                    inserted_at = max(inserted_at, excluded.inserted_at)`),
})

const stringOrNull = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 2000 ? v : null)

/**
 * Stores events of one project (call inside a write transaction). An event whose uuid the project
 * already has is skipped, so a replayed batch changes nothing; the session an event names
 * (`$session_id`) is created or extended. Returns how many events were new.
 */
export function insertEvents(db: Db, teamId: number, events: NewEvent[]): number {
  let inserted = 0
  const s = sql(db)
  for (const e of events) {
    const sessionId = stringOrNull(e.properties.$session_id)
    const info = s.insert.run({
      team_id: teamId,
      uuid: e.uuid,
      event: e.event,
      distinct_id: e.distinct_id,
      properties: JSON.stringify(e.properties),
      timestamp: e.timestamp,
      created_at: e.created_at ?? e.inserted_at,
      inserted_at: e.inserted_at,
      elements_chain: e.elements_chain ?? '',
      person_id: e.person_id ?? null,
      session_id: sessionId,
    })
    if (info.changes === 0) continue
    inserted++
    if (sessionId) {
      s.upsertSession.run({
        team_id: teamId,
        session_id: sessionId,
        distinct_id: e.distinct_id,
        timestamp: e.timestamp,
        url: stringOrNull(e.properties.$current_url),
        pageview: e.event === '$pageview' ? 1 : 0,
        autocapture: e.event === '$autocapture' ? 1 : 0,
        inserted_at: e.inserted_at,
      })
    }
  }
  return inserted
}
