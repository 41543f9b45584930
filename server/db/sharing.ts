import type { SharingConfiguration } from '../../src/contracts/session-recordings'
import { newAccessToken } from '../auth/keys'
import { nowIso, statements, type Db, writeTransaction } from './database'

const sql = statements({
  get: 'SELECT enabled, access_token, created_at FROM sharing_configurations WHERE team_id = ? AND recording_id = ?',
  upsert: `INSERT INTO sharing_configurations (team_id, recording_id, enabled, access_token, created_at)
           VALUES (?, ?, ?, ?, ?) ON CONFLICT (team_id, recording_id) DO UPDATE SET enabled = excluded.enabled`,
  rotate: 'UPDATE sharing_configurations SET access_token = ? WHERE team_id = ? AND recording_id = ?',
  byToken: 'SELECT team_id, recording_id FROM sharing_configurations WHERE access_token = ? AND enabled = 1',
})

interface Row {
  enabled: number
  access_token: string
  created_at: string
}

/** Reads without creating: a recording never shared reads `enabled: false`. */
export function getSharing(db: Db, teamId: number, recordingId: string): SharingConfiguration {
  const row = sql(db).get.get(teamId, recordingId) as Row | undefined
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
  return sql(db).byToken.get(token) as { team_id: number; recording_id: string } | undefined
}
