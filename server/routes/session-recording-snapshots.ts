import { z } from 'zod'
import {
  MAX_BLOB_KEYS_PER_KEY_REQUEST,
  MAX_BLOB_KEYS_PER_SHARED_REQUEST,
  SNAPSHOT_SOURCE,
  snapshotSources,
  snapshotsQuery,
  type SnapshotsQuery,
} from '../../src/contracts/session-recording-snapshots'
import type { Db } from '../db/database'
import { findRecordingRow, type RecordingRow } from '../db/recordings'
import { listSnapshotSources, readSnapshotSource } from '../db/snapshots'
import { forbidden, invalid, notFound } from '../http/errors'
import { route, type Result, type SharedAccess } from '../http/route'
import { projectAccess } from '../auth/access'
import { parentProjectId, recordingId } from './params'

type ProjectRef = z.output<typeof parentProjectId>

/**
 * What a corrupt chunk becomes in the JSONL: a line that is no event (PostHog's parser yields nothing
 * for it), which this console's player counts and reports.
 */
const corruptLine = (blobKey: number) =>
  JSON.stringify({ corrupt_blob_key: String(blobKey), detail: 'This chunk of the recording could not be read.' })

function* jsonl(db: Db, row: RecordingRow, from: number, to: number): Generator<string> {
  let first = true
  for (const chunk of readSnapshotSource(db, row.team_id, row.id, from, to)) {
    yield (first ? '' : '\n') + ('corrupt' in chunk ? corruptLine(chunk.blobKey) : chunk.jsonl)
    first = false
  }
}

/** The sources list, or the JSONL of a range of them, for a recording the caller may read. */
function snapshots(
  db: Db,
  row: RecordingRow,
  query: SnapshotsQuery,
  maxKeys: number,
): Result<z.input<typeof snapshotSources>> {
  const sources = listSnapshotSources(db, row.team_id, row.id)
  if (!query.source) {
    const body = {
      sources: sources.map((s) => ({
        source: SNAPSHOT_SOURCE,
        start_timestamp: new Date(s.startTimestamp).toISOString(),
        end_timestamp: new Date(s.endTimestamp).toISOString(),
        blob_key: String(s.blobKey),
      })),
    }
    return { status: 200, body }
  }
  // Long-term storage is where PostHog keeps a recording as one file; this server never lists such a source.
  if (query.source === 'blob_v2_lts') throw notFound('Recording not found.')
  const from = query.start_blob_key!
  const to = query.end_blob_key!
  if (to - from > maxKeys) throw invalid(`Cannot request more than ${maxKeys} blob keys at once.`, 'end_blob_key')
  if (!sources.length) throw notFound('This recording has no snapshot data.')
  if (to >= sources.length) throw notFound(`Block index out of range: this recording has ${sources.length} blocks.`)
  return {
    status: 200,
    headers: { 'Content-Type': 'application/jsonl; charset=utf-8' },
    stream: jsonl(db, row, from, to),
  }
}

/** The shared recording itself, and only it (PostHog answers 403 for anything else a token asks for). */
export function sharedRow(db: Db, sharing: SharedAccess, projectRef: ProjectRef, id: string) {
  if (projectRef !== sharing.team_id || id !== sharing.recording_id)
    throw forbidden('You do not have permission to perform this action.')
  const row = findRecordingRow(db, sharing.team_id, sharing.recording_id)
  if (!row) throw notFound()
  return row
}

export const sessionRecordingSnapshotRoutes = [
  route({
    method: 'GET',
    path: '/api/projects/:project_id/session_recordings/:id/snapshots/',
    scope: 'session_recording:read',
    summary:
      'Snapshot data: without `source`, the list of sources (chunks); with `source=blob_v2&start_blob_key=&end_blob_key=`, ' +
      'their rrweb events as JSONL (`[windowId, event]` per line). Also with `?sharing_access_token=` while sharing is on.',
    tag: 'session_recordings',
    params: z.object({ project_id: parentProjectId, id: recordingId }),
    query: snapshotsQuery,
    response: snapshotSources,
    handle: ({ db, auth, params, query }) => {
      const project = projectAccess(db, auth, params.project_id)
      const row = findRecordingRow(db, project.id, params.id)
      if (!row) throw notFound('Recording not found')
      return snapshots(db, row, query, MAX_BLOB_KEYS_PER_KEY_REQUEST)
    },
    shared: ({ db, sharing, params, query }) =>
      snapshots(db, sharedRow(db, sharing, params.project_id, params.id), query, MAX_BLOB_KEYS_PER_SHARED_REQUEST),
  }),
]
