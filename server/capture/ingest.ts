import { promisify } from 'node:util'
import { deflateRaw } from 'node:zlib'
import { writeTransaction, type Db } from '../db/database'
import { processPersonEvent } from '../db/captured-persons'
import { insertEvents, knownEventUuids } from '../db/events'
import { addCapturedBatch, recordingDeleted, type RecordingSummary } from '../db/recordings'
import { appendEncodedSnapshotChunks, snapshotChunkText, type EncodedSnapshotChunk } from '../db/snapshots'
import type { CaptureBatch, CapturedEvent, CapturedSnapshot } from './payload'
import { summarizeRecordingBatch } from './recording-summary'

const deflateRawAsync = promisify(deflateRaw)

export interface IngestResult {
  events: number
  snapshots: number
}

/** A request's snapshots with their row summaries and compressed chunks, made before any write. */
export interface PreparedBatch {
  events: CapturedEvent[]
  snapshots: { snapshot: CapturedSnapshot; summary: RecordingSummary; chunk: EncodedSnapshotChunk }[]
}

/** The work that needs no database: summaries, JSONL, and deflate on zlib's thread pool. */
export async function prepareBatch(batch: CaptureBatch, now: number): Promise<PreparedBatch> {
  const snapshots = await Promise.all(
    batch.snapshots.map(async (snapshot) => {
      const summary = summarizeRecordingBatch(snapshot.events)
      const plain = snapshotChunkText({ ...snapshot, receivedAt: now })
      if (!summary || !plain) return []
      const { text, ...rest } = plain
      return [{ snapshot, summary, chunk: { ...rest, data: await deflateRawAsync(text) } }]
    }),
  )
  return { events: batch.events, snapshots: snapshots.flat() }
}

/**
 * Writes one prepared request (inside the caller's transaction): events with their persons (see
 * db/captured-persons.ts) into the events table the export engine reads, then each `$snapshot` batch as
 * a chunk of its session's stream (keyed by the event's uuid, so a batch the SDK sends again stores
 * nothing) with what it adds to the recording's row. A session whose recording was deleted stays
 * deleted: its new data is dropped. A replayed event changes nothing, persons included.
 */
function writeBatch(db: Db, teamId: number, batch: PreparedBatch, now: number): IngestResult {
  const result: IngestResult = { events: 0, snapshots: 0 }
  const known = knownEventUuids(
    db,
    teamId,
    batch.events.map((e) => e.uuid),
  )
  for (const event of batch.events) {
    if (known.has(event.uuid)) continue
    known.add(event.uuid)
    const personId = processPersonEvent(db, teamId, event)
    const { $elements_chain: chain, ...properties } = event.properties
    result.events += insertEvents(db, teamId, [
      {
        uuid: event.uuid,
        event: event.event,
        distinct_id: event.distinctId,
        properties,
        timestamp: event.timestamp,
        created_at: event.sentAt ?? now,
        inserted_at: now,
        // posthog-js sends the clicked elements as a string (elementsChainAsString); PostHog keeps it in its own column.
        elements_chain: typeof chain === 'string' ? chain.slice(0, 100_000) : '',
        person_id: personId,
      },
    ])
  }
  for (const { snapshot, summary, chunk } of batch.snapshots) {
    if (recordingDeleted(db, teamId, snapshot.sessionId)) continue
    if (appendEncodedSnapshotChunks(db, teamId, snapshot.sessionId, [chunk]) === 0) continue
    addCapturedBatch(db, teamId, snapshot.sessionId, {
      ...summary,
      distinctId: snapshot.distinctId,
      snapshotSource: snapshot.source,
      receivedAt: now,
    })
    result.snapshots++
  }
  return result
}

/** At most this many requests share one commit, so a commit never holds the event loop for long. */
const GROUP = 32

/**
 * Group commit: requests that arrive while a commit is under way are written together in the next
 * one (each in its own savepoint: one failing request fails alone), and the loop yields between
 * commits. A durable commit (synchronous=FULL) costs a disk sync; one per request would let a burst of
 * recordings hold the event loop, and the console's API with it. Each request is answered only once
 * its data is committed.
 */
export function createIngestQueue(db: Db) {
  type Job = { teamId: number; batch: PreparedBatch; done: (r: IngestResult) => void; fail: (e: unknown) => void }
  const pending: Job[] = []
  let scheduled = false

  const flush = () => {
    scheduled = false
    const jobs = pending.splice(0, GROUP)
    const now = Date.now()
    const outcomes: ({ ok: true; result: IngestResult } | { ok: false; error: unknown })[] = []
    try {
      writeTransaction(db, () => {
        for (const job of jobs) {
          try {
            outcomes.push({ ok: true, result: writeTransaction(db, () => writeBatch(db, job.teamId, job.batch, now)) })
          } catch (error) {
            outcomes.push({ ok: false, error })
          }
        }
      })
      jobs.forEach((job, i) => {
        const outcome = outcomes[i]!
        if (outcome.ok) job.done(outcome.result)
        else job.fail(outcome.error)
      })
    } catch (error) {
      for (const job of jobs) job.fail(error)
    }
    schedule()
  }
  const schedule = () => {
    if (scheduled || pending.length === 0) return
    scheduled = true
    setImmediate(flush)
  }

  return (teamId: number, batch: PreparedBatch) =>
    new Promise<IngestResult>((done, fail) => {
      pending.push({ teamId, batch, done, fail })
      schedule()
    })
}
