import type { Db } from './database'

/**
 * Test support: overwrites a stored chunk with bytes that do not decompress, as disk damage or a faulty
 * writer would leave it, so the server's and the player's handling of a corrupt chunk can be exercised.
 */
export function corruptSnapshotChunk(db: Db, teamId: number, sessionId: string, blobKey: number) {
  return db
    .prepare('UPDATE session_recording_snapshots SET data = ? WHERE team_id = ? AND session_id = ? AND seq = ?')
    .run(Buffer.from('not deflate data'), teamId, sessionId, blobKey).changes
}
