import { pageQuery, paginated } from '../../src/contracts/common'
import {
  recordingsQuery,
  sessionRecording,
  sessionRecordingPatch,
  sharingConfiguration,
  sharingPatch,
} from '../../src/contracts/session-recordings'
import type { Auth } from '../auth/authenticate'
import { writeTransaction, type Db } from '../db/database'
import { ensurePerson } from '../db/persons'
import {
  countRecordings,
  findRecordingRow,
  listRecordings,
  setDistinctId,
  setViewed,
  softDeleteRecording,
  toRecordings,
} from '../db/recordings'
import { getSharing, rotateSharing, setSharing } from '../db/sharing'
import { notFound } from '../http/errors'
import { route } from '../http/route'
import { envelope, pageOf } from '../pagination'
import { projectParam } from './params'
import { sharedRow } from './session-recording-snapshots'

const tag = 'session_recordings'
const base = '/api/projects/:project_id/session_recordings/'
const listQuery = pageQuery.extend(recordingsQuery.shape)

function recordingRow(db: Db, auth: Auth, params: Record<string, string>, idParam = 'id') {
  const project = projectParam(db, auth, params.project_id)
  const row = findRecordingRow(db, project.id, params[idParam] ?? '')
  if (!row) throw notFound()
  return { project, row }
}

export const sessionRecordingRoutes = [
  route({
    method: 'GET',
    path: base,
    scope: 'session_recording:read',
    summary: 'List recordings: newest first by default; filter and order as PostHog does',
    tag,
    query: listQuery,
    response: paginated(sessionRecording),
    handle: ({ db, auth, params, query, url, origin }) => {
      const project = projectParam(db, auth, params.project_id)
      const { limit, offset } = pageOf(query)
      const results = listRecordings(db, project.id, query, limit, offset)
      return { status: 200, body: envelope(url, origin, query, countRecordings(db, project.id, query), results) }
    },
  }),
  route({
    method: 'GET',
    path: `${base}:id/`,
    scope: 'session_recording:read',
    summary: 'Retrieve a recording with its person',
    tag,
    response: sessionRecording,
    handle: ({ db, auth, params }) => {
      const { project, row } = recordingRow(db, auth, params)
      return { status: 200, body: toRecordings(db, project.id, [row])[0] }
    },
    // With a sharing token: PostHog's SessionRecordingSharedSerializer, the times and nothing about the person.
    shared: ({ db, sharing, params }) => {
      const row = sharedRow(db, sharing, params)
      const body = {
        id: row.id,
        recording_duration: row.recording_duration,
        start_time: new Date(row.start_time).toISOString(),
        end_time: new Date(row.end_time).toISOString(),
      }
      return { status: 200, body }
    },
  }),
  route({
    method: 'PATCH',
    path: `${base}:id/`,
    scope: 'session_recording:write',
    summary: 'Mark viewed / unviewed, or reassign to the person with `person.distinct_id`',
    tag,
    body: sessionRecordingPatch,
    response: sessionRecording,
    handle: ({ db, auth, params, body }) => {
      const { project, row } = recordingRow(db, auth, params)
      writeTransaction(db, () => {
        if (body.viewed !== undefined) setViewed(db, row.rid, body.viewed)
        if (body.person) {
          ensurePerson(db, project.id, body.person.distinct_id)
          setDistinctId(db, row.rid, body.person.distinct_id)
        }
      })
      return { status: 200, body: toRecordings(db, project.id, [findRecordingRow(db, project.id, row.id)!])[0] }
    },
  }),
  route({
    method: 'DELETE',
    path: `${base}:id/`,
    scope: 'session_recording:write',
    summary: 'Delete a recording (soft: afterwards it is 404 and leaves the list)',
    tag,
    status: 204,
    handle: ({ db, auth, params }) => {
      softDeleteRecording(db, recordingRow(db, auth, params).row)
      return { status: 204 }
    },
  }),
  route({
    method: 'GET',
    path: `${base}:recording_id/sharing/`,
    scope: 'sharing_configuration:read',
    summary: 'Sharing configuration of a recording (never creates one)',
    tag: 'sharing',
    response: sharingConfiguration,
    handle: ({ db, auth, params }) => {
      const { project, row } = recordingRow(db, auth, params, 'recording_id')
      return { status: 200, body: getSharing(db, project.id, row.id) }
    },
  }),
  route({
    method: 'PATCH',
    path: `${base}:recording_id/sharing/`,
    scope: 'sharing_configuration:write',
    summary: 'Turn public sharing on or off',
    tag: 'sharing',
    body: sharingPatch,
    response: sharingConfiguration,
    handle: ({ db, auth, params, body }) => {
      const { project, row } = recordingRow(db, auth, params, 'recording_id')
      return { status: 200, body: setSharing(db, project.id, row.id, body.enabled) }
    },
  }),
  route({
    method: 'POST',
    path: `${base}:recording_id/sharing/refresh/`,
    scope: 'sharing_configuration:write',
    summary: 'Rotate the access token: the old link stops working',
    tag: 'sharing',
    response: sharingConfiguration,
    handle: ({ db, auth, params }) => {
      const { project, row } = recordingRow(db, auth, params, 'recording_id')
      return { status: 200, body: rotateSharing(db, project.id, row.id) }
    },
  }),
]
