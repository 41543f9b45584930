import { z } from 'zod'
import {
  RECORDINGS_DEFAULT_LIMIT,
  recordingsListPage,
  recordingsListQuery,
} from '../../src/contracts/recordings-list-query'
import {
  sessionRecording,
  sessionRecordingPatch,
  sessionRecordingPatchResult,
  sharingConfiguration,
  sharingPatch,
} from '../../src/contracts/session-recordings'
import { projectAccess } from '../auth/access'
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
import { urlPatternError } from '../db/url-match'
import { recordingRules } from '../../src/contracts/recording-filters'
import { invalid, notFound } from '../http/errors'
import { route } from '../http/route'
import { envelope, pageOf } from '../pagination'
import { parentProjectId, recordingId } from './params'
import { sharedRow } from './session-recording-snapshots'

const tag = 'session_recordings'
const base = '/api/projects/:project_id/session_recordings/'
const parent = z.object({ project_id: parentProjectId })
const one = parent.extend({ id: recordingId })
const shared = parent.extend({ recording_id: recordingId })

function recordingRow(db: Db, auth: Auth, projectRef: z.output<typeof parentProjectId>, id: string) {
  const project = projectAccess(db, auth, projectRef)
  const row = findRecordingRow(db, project.id, id)
  if (!row) throw notFound('Recording not found')
  return { project, row }
}

/** A regular expression the linear-time engine cannot run is a 400 naming its parameter, before any SQL. */
function refuseSlowPatterns(query: Parameters<typeof recordingRules>[0]) {
  for (const rule of recordingRules(query, Date.now())) {
    for (const c of rule.any) {
      const error = c.op === 'regex' && typeof c.value === 'string' ? urlPatternError(c.value) : null
      if (error) throw invalid(error, rule.param)
    }
  }
}

export const sessionRecordingRoutes = [
  route({
    method: 'GET',
    path: base,
    params: parent,
    scope: 'session_recording:read',
    summary:
      'List recordings: newest first by default; filter and order in this console’s form or PostHog’s RecordingsQuery form',
    tag,
    query: recordingsListQuery,
    response: recordingsListPage,
    handle: ({ db, auth, params, query, url, origin }) => {
      const project = projectAccess(db, auth, params.project_id)
      refuseSlowPatterns(query)
      const { limit, offset } = pageOf(query, RECORDINGS_DEFAULT_LIMIT)
      const results = listRecordings(db, project.id, query, limit, offset)
      const count = countRecordings(db, project.id, query)
      const page = envelope(url, origin, query, count, results, RECORDINGS_DEFAULT_LIMIT)
      // PostHog's own list answers {results, has_next}: both shapes in one body.
      return { status: 200, body: { ...page, has_next: offset + results.length < count } }
    },
  }),
  route({
    method: 'GET',
    path: `${base}:id/`,
    params: one,
    scope: 'session_recording:read',
    summary: 'Retrieve a recording with its person',
    tag,
    response: sessionRecording,
    handle: ({ db, auth, params }) => {
      const { project, row } = recordingRow(db, auth, params.project_id, params.id)
      return { status: 200, body: toRecordings(db, project.id, [row])[0] }
    },
    // With a sharing token: PostHog's SessionRecordingSharedSerializer, the times and nothing about the person.
    shared: ({ db, sharing, params }) => {
      const row = sharedRow(db, sharing, params.project_id, params.id)
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
    params: one,
    scope: 'session_recording:write',
    summary:
      'Mark viewed (or unviewed) as PostHog does (`viewed`, `analyzed`, `player_metadata`), or reassign with `person.distinct_id`',
    tag,
    body: sessionRecordingPatch,
    response: sessionRecordingPatchResult,
    load: ({ db, auth, params }) => recordingRow(db, auth, params.project_id, params.id),
    handle: ({ db, loaded: { project, row }, body }) => {
      const distinctId = body.person?.distinct_id
      // PostHog's SessionRecordingUpdateSerializer.validate, widened by what this server also takes.
      if (body.viewed === undefined && !body.analyzed && distinctId === undefined)
        throw invalid("At least one of 'viewed' or 'analyzed' must be provided.")
      writeTransaction(db, () => {
        if (body.viewed !== undefined) setViewed(db, row.rid, body.viewed)
        if (distinctId !== undefined) {
          ensurePerson(db, project.id, distinctId)
          setDistinctId(db, row.rid, distinctId)
        }
      })
      const [updated] = toRecordings(db, project.id, [findRecordingRow(db, project.id, row.id) ?? row])
      return { status: 200, body: updated && { ...updated, success: true as const } }
    },
  }),
  route({
    method: 'DELETE',
    path: `${base}:id/`,
    params: one,
    scope: 'session_recording:write',
    summary: 'Delete a recording (soft: afterwards it is 404 and leaves the list)',
    tag,
    status: 204,
    handle: ({ db, auth, params }) => {
      softDeleteRecording(db, recordingRow(db, auth, params.project_id, params.id).row)
      return { status: 204 }
    },
  }),
  route({
    method: 'GET',
    path: `${base}:recording_id/sharing/`,
    params: shared,
    scope: 'sharing_configuration:read',
    summary: 'Sharing configuration of a recording (never creates one)',
    tag: 'sharing',
    response: sharingConfiguration,
    handle: ({ db, auth, params }) => {
      const { project, row } = recordingRow(db, auth, params.project_id, params.recording_id)
      return { status: 200, body: getSharing(db, project.id, row.id) }
    },
  }),
  route({
    method: 'PATCH',
    path: `${base}:recording_id/sharing/`,
    params: shared,
    scope: 'sharing_configuration:write',
    summary: 'Turn public sharing on or off',
    tag: 'sharing',
    body: sharingPatch,
    response: sharingConfiguration,
    load: ({ db, auth, params }) => recordingRow(db, auth, params.project_id, params.recording_id),
    handle: ({ db, loaded: { project, row }, body }) => ({
      status: 200,
      body: setSharing(db, project.id, row.id, body.enabled),
    }),
  }),
  route({
    method: 'POST',
    path: `${base}:recording_id/sharing/refresh/`,
    params: shared,
    scope: 'sharing_configuration:write',
    summary: 'Rotate the access token: the old link stops working',
    tag: 'sharing',
    response: sharingConfiguration,
    handle: ({ db, auth, params }) => {
      const { project, row } = recordingRow(db, auth, params.project_id, params.recording_id)
      return { status: 200, body: rotateSharing(db, project.id, row.id) }
    },
  }),
]
