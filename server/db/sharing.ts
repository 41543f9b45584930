import type { SharingConfiguration } from '../../src/contracts/session-recordings'
import { newAccessToken } from '../auth/keys'
import { nowIso, query, statements, type Db, writeTransaction } from './database'

/** A row of sharing_configurations. */
interface SharingRow {
  team_id: number
  recording_id: string
  enabled: number
  access_token: string
  created_at: string
}

type Key = [teamId: number, recordingId: string]

const sql = statements({
  get: query<Pick<SharingRow, 'enabled' | 'access_token' | 'created_at'>, Key>(
    'SELECT enabled, access_token, created_at FROM sharing_configurations WHERE team_id = ? AND recording_id = ?',
  ),
  upsert: query<never, [...Key, enabled: number, token: string, at: string]>(
    `INSERT INTO sharing_configurations (team_id, recording_id, enabled, access_token, created_at)
     VALUES (?, ?, ?, ?, ?) ON CONFLICT (team_id, recording_id) DO UPDATE SET enabled = excluded.enabled`,
  ),
  rotate: query<never, [token: string, ...Key]>(
    'UPDATE sharing_configurations SET access_token = ? WHERE team_id = ? AND recording_id = ?',
  ),
  byToken: query<Pick<SharingRow, 'team_id' | 'recording_id'>, [token: string]>(
    'SELECT team_id, recording_id FROM sharing_configurations WHERE access_token = ? AND enabled = 1',
  ),
})

/** Reads without creating: a recording never shared reads `enabled: false`. */
export function getSharing(db: Db, teamId: number, recordingId: string): SharingConfiguration {
  const row = sql(db).get.get(teamId, recordingId)
  if (!row) return { created_at: null, enabled: false, access_token: null }
  return { created_at: row.created_at, enabled: Boolean(row.enabled), access_token: row.access_token }
}

export function setSharing(db: Db, teamId: number, recordingId: string, enabled: boolean): SharingConfiguration {
  sql(db).upsert.run(teamId, recordingId, enabled ? 1 : 0, newAccessToken(), nowIso())
  return getSharing(db, teamId, recordingId)
}

/** Rotates the token (creating the row, not shared, if there was none): the old link stops working. */
export function rotateSharing(db: Db, teamId: number, recordingId: string): SharingConfiguration {
  writeTransaction(db, () => {
    if (!sql(db).get.get(teamId, recordingId)) sql(db).upsert.run(teamId, recordingId, 0, newAccessToken(), nowIso())
    else sql(db).rotate.run(newAccessToken(), teamId, recordingId)
  })
  return getSharing(db, teamId, recordingId)
}

export function findSharedRecording(db: Db, token: string) {
  return sql(db).byToken.get(token)
}
