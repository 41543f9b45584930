import { deflateRawSync, inflateRawSync } from 'node:zlib'
import { query, statements, type Db, writeTransaction } from './database'

/**
 * A recording's rrweb event stream, stored as chunks (PostHog's "blocks"): each chunk is the
 * deflate-raw JSONL of `[windowId, event]` lines, so a long session is read one chunk at a time and
 * never whole. Chunks are numbered 0, 1, … per session in arrival order; that number is the chunk's
 * blob key in the snapshots API.
 */

/** One rrweb event as the SDK sends it; anything else about it is opaque here. */
export interface SnapshotEvent {
  type: number
  timestamp: number
  [field: string]: unknown
}

export interface NewSnapshotChunk {
  /** Writing a chunk again under the same key stores nothing (capture: the `$snapshot` event's uuid). */
  key: string
  windowId: string
  events: SnapshotEvent[]
  /** When the chunk arrived (epoch ms, default now): it is listed only from then on. */
  receivedAt?: number
}

export interface SnapshotSource {
  blobKey: number
  startTimestamp: number
  endTimestamp: number
  eventCount: number
  /** Uncompressed size of the chunk's JSONL. */
  byteLength: number
}

export type SnapshotChunkText = { blobKey: number; jsonl: string } | { blobKey: number; corrupt: true }

const sql = statements({
  nextSeq: query<number, [teamId: number, sessionId: string]>(
    'SELECT COALESCE(MAX(seq) + 1, 0) FROM session_recording_snapshots WHERE team_id = ? AND session_id = ?',
  ),
  insert: query<
    never,
    [
      teamId: number,
      sessionId: string,
      seq: number,
      chunkKey: string,
      start: number,
      end: number,
      eventCount: number,
      byteLength: number,
      receivedAt: number,
      data: Buffer,
    ]
  >(`INSERT INTO session_recording_snapshots (team_id, session_id, seq, chunk_key, start_timestamp, end_timestamp,
    event_count, byte_length, received_at, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (team_id, session_id, chunk_key) DO NOTHING`),
  sources: query<
    SnapshotSource,
    [teamId: number, sessionId: string, now: number]
  >(`SELECT seq AS blobKey, start_timestamp AS startTimestamp, end_timestamp AS endTimestamp,
    event_count AS eventCount, byte_length AS byteLength
    FROM session_recording_snapshots WHERE team_id = ? AND session_id = ? AND received_at <= ? ORDER BY seq`),
  chunk: query<Buffer, [teamId: number, sessionId: string, blobKey: number, now: number]>(
    `SELECT data FROM session_recording_snapshots WHERE team_id = ? AND session_id = ? AND seq = ? AND received_at <= ?`,
  ),
  remove: query<never, [teamId: number, sessionId: string]>(
    'DELETE FROM session_recording_snapshots WHERE team_id = ? AND session_id = ?',
  ),
  count: query<number, [teamId: number]>('SELECT COUNT(*) FROM session_recording_snapshots WHERE team_id = ?'),
})

const isEvent = (e: unknown): e is SnapshotEvent =>
  typeof e === 'object' && e !== null && Number.isFinite((e as SnapshotEvent).timestamp)

/** A chunk ready to store: its JSONL, deflated (`appendEncodedSnapshotChunks` takes these). */
export interface EncodedSnapshotChunk {
  key: string
  start: number
  end: number
  count: number
  /** Uncompressed size of the JSONL. */
  length: number
  data: Buffer
  receivedAt?: number
}

/**
 * A chunk's JSONL (`[windowId, event]` lines) with its extent, before compression; null when no event
 * has a numeric timestamp. Callers that must not block (capture) deflate it off the event loop.
 */
export function snapshotChunkText(chunk: NewSnapshotChunk) {
  const events = chunk.events.filter(isEvent)
  if (!events.length) return null
  let start = Infinity
  let end = -Infinity
  const lines = events.map((event) => {
    start = Math.min(start, event.timestamp)
    end = Math.max(end, event.timestamp)
    return JSON.stringify([chunk.windowId, event])
  })
  const text = Buffer.from(lines.join('\n'))
  return { key: chunk.key, start, end, count: events.length, length: text.length, text, receivedAt: chunk.receivedAt }
}

/**
 * Appends chunks to a session's stream in one transaction (nested in the caller's, if any); returns
 * how many were new. Events without a numeric timestamp are left out; a chunk with none is skipped.
 */
export function appendSnapshotChunks(db: Db, teamId: number, sessionId: string, chunks: NewSnapshotChunk[]): number {
  const encoded = chunks.flatMap((chunk) => {
    const plain = snapshotChunkText(chunk)
    return plain ? [{ ...plain, data: deflateRawSync(plain.text) }] : []
  })
  return appendEncodedSnapshotChunks(db, teamId, sessionId, encoded)
}

/** Appends chunks already encoded (see `snapshotChunkText`): a key the session already has stores nothing. */
export function appendEncodedSnapshotChunks(
  db: Db,
  teamId: number,
  sessionId: string,
  encoded: EncodedSnapshotChunk[],
): number {
  const s = sql(db)
  return writeTransaction(db, () => {
    let inserted = 0
    let seq = s.nextSeq.pluck().get(teamId, sessionId) ?? 0
    for (const { key, start, end, count, length, data, receivedAt } of encoded) {
      const at = receivedAt ?? Date.now()
      const result = s.insert.run(teamId, sessionId, seq, key, start, end, count, length, at, data)
      if (result.changes) {
        inserted++
        seq++
      }
    }
    return inserted
  })
}

/** The chunks that have arrived by `now`, in blob-key order. */
export function listSnapshotSources(db: Db, teamId: number, sessionId: string, now = Date.now()): SnapshotSource[] {
  return sql(db).sources.all(teamId, sessionId, now)
}

/**
 * Blob keys `from`…`to` one at a time, each chunk decompressed only when asked for: one query per chunk,
 * so no statement stays open while the caller waits for a slow client. A chunk that cannot be
 * decompressed comes back as `corrupt`; one gone meanwhile (deleted) ends the stream.
 */
export function* readSnapshotSource(
  db: Db,
  teamId: number,
  sessionId: string,
  from: number,
  to: number,
  now = Date.now(),
): Generator<SnapshotChunkText> {
  for (let blobKey = from; blobKey <= to; blobKey++) {
    const data = sql(db).chunk.pluck().get(teamId, sessionId, blobKey, now)
    if (!data) return
    let jsonl: string
    try {
      jsonl = inflateRawSync(data).toString('utf8')
    } catch {
      yield { blobKey, corrupt: true }
      continue
    }
    yield { blobKey, jsonl }
  }
}

/** Removes a session's whole stream; call inside the transaction that deletes the recording. */
export function deleteSnapshots(db: Db, teamId: number, sessionId: string): number {
  return sql(db).remove.run(teamId, sessionId).changes
}

/** How many stored chunks a project's recordings have, all sessions together. */
export function countSnapshotChunks(db: Db, teamId: number): number {
  return sql(db).count.pluck().get(teamId) ?? 0
}
