import { hostname } from 'node:os'
import { query, statements, writeTransaction, type Db } from './database'

const sql = statements({
  get: query<{ pid: number; host: string; heartbeat_at: string }, []>(
    'SELECT pid, host, heartbeat_at FROM engine_owner WHERE id = 1',
  ),
  take: query<never, [pid: number, host: string, at: string]>(
    `INSERT INTO engine_owner (id, pid, host, heartbeat_at) VALUES (1, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET pid = excluded.pid, host = excluded.host, heartbeat_at = excluded.heartbeat_at`,
  ),
  beat: query<never, [at: string, pid: number, host: string]>(
    'UPDATE engine_owner SET heartbeat_at = ? WHERE id = 1 AND pid = ? AND host = ?',
  ),
  release: query<never, [pid: number, host: string]>('DELETE FROM engine_owner WHERE id = 1 AND pid = ? AND host = ?'),
})

/** A heartbeat older than this means its owner is gone (a process on another host cannot be asked directly). */
const STALE_MS = 60_000

function alive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Claims the engine for this process unless another live server on this database has it. A killed
 * owner (its pid gone on this host, or silent for a minute) is replaced at once, so a restart after
 * kill -9 takes over. Returns the owner that holds it when this process may not.
 */
export function claimEngine(db: Db, now = Date.now()): { pid: number; host: string } | null {
  const me = { pid: process.pid, host: hostname() }
  return writeTransaction(db, () => {
    const owner = sql(db).get.get()
    const mine = owner?.pid === me.pid && owner.host === me.host
    const live =
      owner && !mine && (owner.host === me.host ? alive(owner.pid) : now - Date.parse(owner.heartbeat_at) < STALE_MS)
    if (live) return { pid: owner.pid, host: owner.host }
    sql(db).take.run(me.pid, me.host, new Date(now).toISOString())
    return null
  })
}

export const engineHeartbeat = (db: Db, now = Date.now()) =>
  sql(db).beat.run(new Date(now).toISOString(), process.pid, hostname())

export const releaseEngine = (db: Db) => sql(db).release.run(process.pid, hostname())
