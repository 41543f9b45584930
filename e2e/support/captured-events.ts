import { openDatabase } from '../../server/db/database'
import { recentEvents } from '../../server/db/events'
import { DATABASE_PATH } from './env'

/** A project's captured events, read with the server's own database code (the API has no events endpoint). */
export function capturedEvents(projectId: number, limit = 500) {
  const { db } = openDatabase(DATABASE_PATH)
  try {
    return recentEvents(db, projectId, limit)
  } finally {
    db.close()
  }
}
