import { openDatabase, writeTransaction } from '../../server/db/database'
import { insertRecordings, type NewRecording } from '../../server/db/recordings'
import { createRandom } from '../../server/seed/random'
import { buildRecordings, seedPersons } from '../../server/seed/recordings'
import { seedSnapshots } from '../../server/seed/snapshot-stream'
import { DATABASE_PATH } from './env'

type SeedOptions = {
  count: number
  /** Rows to adjust after building, by index (0 is the newest: a minute and a half ago). */
  overrides?: Record<number, Partial<NewRecording>>
}

/**
 * Recordings can only be created by the server's own seeding code (the API has no create): this
 * writes them (with their rrweb streams) with that code straight into the e2e database, into a project a spec just made through
 * the API. Returns the rows, newest first.
 */
export function seedRecordings(projectId: number, { count, overrides = {} }: SeedOptions): NewRecording[] {
  const { db } = openDatabase(DATABASE_PATH)
  try {
    const rnd = createRandom(projectId * 7919 + Date.now())
    const people = seedPersons(db, projectId, rnd, 12)
    const rows = buildRecordings(projectId, rnd, count, people)
      .sort((a, b) => b.start_time - a.start_time)
      .map((row, i) => ({ ...row, ...overrides[i] }))
    insertRecordings(db, rows)
    writeTransaction(db, () => seedSnapshots(db, rows))
    return rows
  } finally {
    db.close()
  }
}
