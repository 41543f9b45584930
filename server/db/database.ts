import Database from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { MIGRATIONS } from './migrations'
import { registerUrlMatching } from './url-match'

export type Db = Database.Database

/** Opens (creating if needed) the SQLite file in WAL mode and applies pending migrations. */
export function openDatabase(path: string): { db: Db; created: boolean } {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const db = new Database(path)
  db.pragma('journal_mode = WAL')
  // FULL syncs the WAL on every commit: an acknowledged write survives a crash or power loss.
  db.pragma('synchronous = FULL')
  db.pragma('busy_timeout = 5000')
  db.pragma('foreign_keys = ON')
  registerUrlMatching(db)
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  )
  const applied = new Set(db.prepare<[], number>('SELECT version FROM schema_migrations').pluck().all())
  const created = applied.size === 0
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.version)) continue
    writeTransaction(db, () => {
      db.exec(migration.sql)
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        migration.version,
        migration.name,
        new Date().toISOString(),
      )
    })
  }
  installChangeCounters(db)
  return { db, created }
}

/** The tables caches read (see versionedCache): each has a change counter. */
export const COUNTED_TABLES = [
  'users',
  'personal_api_keys',
  'organizations',
  'memberships',
  'teams',
  'session_recordings',
  'persons',
  'person_distinct_ids',
] as const
export type CountedTable = (typeof COUNTED_TABLES)[number]

/**
 * A change counter per counted table, moved by triggers on every insert, update and delete, whichever
 * connection (server, key CLI, seeder) writes: a cache names the tables it reads and survives writes to
 * others. Bulk tables no cache reads (runs, logs) carry no trigger. Idempotent.
 */
function installChangeCounters(db: Db) {
  const installed = db
    .prepare("SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%_counted'")
    .pluck()
    .get()
  if (installed === COUNTED_TABLES.length * 3) return // opening must not write: the CLI opens a live database
  writeTransaction(db, () => {
    db.exec('CREATE TABLE IF NOT EXISTS table_versions (name TEXT PRIMARY KEY, version INTEGER NOT NULL DEFAULT 0)')
    for (const table of COUNTED_TABLES) {
      db.prepare('INSERT OR IGNORE INTO table_versions (name) VALUES (?)').run(table)
      for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
        db.exec(`CREATE TRIGGER IF NOT EXISTS ${table}_${event.toLowerCase()}_counted AFTER ${event} ON ${table}
                 BEGIN UPDATE table_versions SET version = version + 1 WHERE name = '${table}'; END`)
      }
    }
  })
}

/**
 * Runs `fn` as one write transaction holding the write lock from BEGIN (IMMEDIATE), waiting up to
 * busy_timeout for it. A deferred transaction that reads first fails at once with "database is locked"
 * when another connection (the key CLI, a seeder) commits between its read and its write. Every
 * transaction in server/ goes through here (eslint forbids calling db.transaction elsewhere).
 */
export const writeTransaction = <T>(db: Db, fn: () => T): T => db.transaction(fn).immediate()

/**
 * A statement's SQL together with the row it yields (`R`) and what it binds (`P`: positional values, or
 * one object of named values). Each db module declares its table's row type once and its statements
 * with it, so reads come back typed without a cast at the call site:
 *
 *   const sql = statements({ one: query<RecordingRow, [teamId: number, id: string]>('SELECT * FROM …') })
 *   sql(db).one.get(teamId, id) // RecordingRow | undefined
 *
 * A `.pluck()` statement declares the plucked column as its row: `query<number>('SELECT COUNT(*) …')`.
 */
export interface Query<R, P extends BindParameters> {
  readonly sql: string
  /** Type-only: never set. */
  readonly types?: { row: R; params: P }
}
export type BindParameters = unknown[] | object
export const query = <R, P extends BindParameters = unknown[]>(sql: string): Query<R, P> => ({ sql })

/** The prepared form of a query: better-sqlite3 binds an object of named values as one argument. */
export type Statement<R, P extends BindParameters> = P extends unknown[]
  ? Database.Statement<P, R>
  : Database.Statement<[P], R>

/** A plain SQL string is accepted too (its rows are `unknown`), so adding a statement never needs a type first. */
type Prepared<T> = {
  [K in keyof T]: T[K] extends Query<infer R, infer P> ? Statement<R, P> : Database.Statement<unknown[], unknown>
}

/** Caches prepared statements per database so hot paths never re-parse SQL. */
export function statements<T extends Record<string, Query<unknown, BindParameters> | string>>(defs: T) {
  const cache = new WeakMap<Db, Prepared<T>>()
  return (db: Db): Prepared<T> => {
    let prepared = cache.get(db)
    if (!prepared) {
      const entries = Object.entries(defs).map(([k, v]) => [k, db.prepare(typeof v === 'string' ? v : v.sql)])
      prepared = Object.fromEntries(entries) as Prepared<T>
      cache.set(db, prepared)
    }
    return prepared
  }
}

/** Prepared statements for SQL built at run time (filters, orders), cached by their text; typed like `query`. */
const dynamic = new WeakMap<Db, Map<string, Database.Statement>>()
export function prepareCached<R = unknown, P extends unknown[] = unknown[]>(db: Db, sql: string): Statement<R, P> {
  let cache = dynamic.get(db)
  if (!cache) dynamic.set(db, (cache = new Map()))
  let stmt = cache.get(sql)
  if (!stmt) {
    if (cache.size >= 500) cache.clear()
    cache.set(sql, (stmt = db.prepare(sql)))
  }
  // The cache holds statements of every shape; the caller declares this one's row, as with `query`.
  return stmt as Statement<R, P>
}

/**
 * Changes whenever any connection commits a write to this database: `data_version` moves on other
 * connections' commits, `total_changes()` on this one's. A cheap first check before the table counters.
 */
export function dataVersion(db: Db): string {
  // A prepared statement: db.pragma() would compile the PRAGMA again on every call.
  const dataVersion = prepareCached(db, 'PRAGMA data_version').pluck().get()
  return `${dataVersion}:${totalChanges(db)}`
}

/** Rows this connection has inserted, updated or deleted since it opened (SQLite's total_changes()). */
export function totalChanges(db: Db): number {
  return prepareCached<number>(db, 'SELECT total_changes()').pluck().get() ?? 0
}

/** The sum of the tables' change counters: it moves whenever one of them is written. */
const tablesVersion = (db: Db, tables: readonly CountedTable[]) =>
  prepareCached<number>(
    db,
    `SELECT sum(version) FROM table_versions WHERE name IN (${tables.map(() => '?').join(', ')})`,
  )
    .pluck()
    .get(...tables) ?? 0

/**
 * A map that forgets everything once it holds `max` entries or one of `tables` (what its values are
 * read from) changed. Inside a transaction it holds nothing: a rollback would put the counters back
 * while the values read in it stayed.
 */
export function versionedCache<V>(tables: readonly CountedTable[], max = 500) {
  const caches = new WeakMap<Db, { seen: string; version: number; entries: Map<string, V> }>()
  const none = { get: (): V | undefined => undefined, set: (_key: string, value: V) => value }
  return (db: Db) => {
    if (db.inTransaction) return none
    const seen = dataVersion(db)
    let cache = caches.get(db)
    if (cache?.seen !== seen) {
      const version = tablesVersion(db, tables)
      if (cache?.version !== version) caches.set(db, (cache = { seen, version, entries: new Map() }))
      else cache.seen = seen
    }
    const entries = cache!.entries
    return {
      get: (key: string) => entries.get(key),
      set: (key: string, value: V) => {
        if (entries.size >= max) entries.clear()
        entries.set(key, value)
        return value
      },
    }
  }
}

export const nowIso = () => new Date().toISOString()
export const toBool = (v: unknown) => (v === null || v === undefined ? null : Boolean(v))
export const fromBool = (v: boolean | null | undefined) => (v === null || v === undefined ? null : v ? 1 : 0)
