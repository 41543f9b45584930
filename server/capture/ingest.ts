import { writeTransaction, type Db } from '../db/database'
import { processPersonEvent } from '../db/captured-persons'
import { addCapturedBatch, recordingDeleted } from '../db/recordings'
import { appendSnapshotChunks } from '../db/snapshots'
import type { CaptureBatch } from './payload'
import { summarizeRecordingBatch } from './recording-summary'

export interface IngestResult {
  events: number
  snapshots: number
}

/**
 * Stores one checked request in one transaction: persons and events, then each `$snapshot` batch as a
 * chunk of its session's stream (keyed by the event's uuid, so a batch the SDK sends again stores
 * nothing) with what it adds to the recording's row. A session whose recording was deleted stays
 * deleted: its new data is dropped.
 */
export function ingestBatch(db: Db, teamId: number, batch: CaptureBatch, now = Date.now()): IngestResult {
  return writeTransaction(db, () => {
    const result: IngestResult = { events: 0, snapshots: 0 }
    for (const event of batch.events) {
      processPersonEvent(db, teamId, event)
      result.events++
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
