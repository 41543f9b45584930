import type { Db } from './database'
import { MIGRATIONS } from './migrations'

/**
 * What the readiness probe asks of the database: does it answer a query, and has every migration this
 * version of the server knows been applied (by this process on start, or by another one)? Never throws.
 */
export function databaseHealth(db: Db): { answers: boolean; migrated: boolean } {
  try {
    db.prepare('SELECT 1').get()
  } catch {
    return { answers: false, migrated: false }
  }
  try {
    const applied = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all())
    return { answers: true, migrated: MIGRATIONS.every((m) => applied.has(m.version)) }
  } catch {
    // No schema_migrations table yet: nothing has been migrated.
    return { answers: true, migrated: false }
  }
}
