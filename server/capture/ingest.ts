import { writeTransaction, type Db } from '../db/database'
import { processPersonEvent } from '../db/captured-persons'
import { insertEvents, knownEventUuids } from '../db/events'
import { addCapturedBatch, recordingDeleted } from '../db/recordings'
import { appendSnapshotChunks } from '../db/snapshots'
import type { CaptureBatch } from './payload'
import { summarizeRecordingBatch } from './recording-summary'

export interface IngestResult {
  events: number
  snapshots: number
}

/**
 * Stores one checked request in one transaction: events (with their persons: see
 * db/captured-persons.ts) into the events table the export engine reads, then each `$snapshot` batch as a
 * chunk of its session's stream (keyed by the event's uuid, so a batch the SDK sends again stores
 * nothing) with what it adds to the recording's row. A session whose recording was deleted stays
 * deleted: its new data is dropped.
 */
export function ingestBatch(db: Db, teamId: number, batch: CaptureBatch, now = Date.now()): IngestResult {
  return writeTransaction(db, () => {
    const result: IngestResult = { events: 0, snapshots: 0 }
    const known = knownEventUuids(
      db,
      teamId,
      batch.events.map((e) => e.uuid),
    )
    for (const event of batch.events) {
      // A replayed event changes nothing, persons included.
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
    for (const snapshot of batch.snapshots) {
      if (recordingDeleted(db, teamId, snapshot.sessionId)) continue
      const summary = summarizeRecordingBatch(snapshot.events)
      if (!summary) continue
      const chunk = { key: snapshot.key, windowId: snapshot.windowId, events: snapshot.events, receivedAt: now }
      if (appendSnapshotChunks(db, teamId, snapshot.sessionId, [chunk]) === 0) continue
      addCapturedBatch(db, teamId, snapshot.sessionId, {
        ...summary,
        distinctId: snapshot.distinctId,
        snapshotSource: snapshot.source,
        receivedAt: now,
      })
      result.snapshots++
    }
    return result
  })
}
