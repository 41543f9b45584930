import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, versionedCache, writeTransaction, type Db } from './database'
import { createOrganization } from './organizations'
import { createUser } from './users'

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

/** Two connections to one file, as the server and the key CLI have. */
function twoConnections() {
  const dir = mkdtempSync(join(tmpdir(), 'aa-db-'))
  dirs.push(dir)
  const path = join(dir, 'db.sqlite')
  return [openDatabase(path).db, openDatabase(path).db] as const
}

const usersCache = versionedCache<number>(['users'])
let reads = 0
/** Caches the user count the way server/db modules cache what they read, counting the reads. */
function cachedUserCount(db: Db) {
  const cache = usersCache(db)
  const hit = cache.get('n')
  if (hit !== undefined) return hit
  reads++
  return cache.set('n', db.prepare<[], number>('SELECT COUNT(*) FROM users').pluck().get()!)
}

describe('versionedCache', () => {
  it('keeps its values across writes to tables it does not read', () => {
    const [db] = twoConnections()
    const user = createUser(db, { email: 'a@example.com', first_name: 'A' })
    expect(cachedUserCount(db)).toBe(1)
    const before = reads
    createOrganization(db, user.id, { name: 'Org' })
    expect(cachedUserCount(db)).toBe(1)
    expect(reads).toBe(before)
    // A write to the table it reads is seen at once.
    createUser(db, { email: 'b@example.com', first_name: 'B' })
    expect(cachedUserCount(db)).toBe(2)
    expect(reads).toBe(before + 1)
  })

  it('sees a write committed by another connection to a table it reads', () => {
    const [server, cli] = twoConnections()
    createUser(server, { email: 'a@example.com', first_name: 'A' })
    expect(cachedUserCount(server)).toBe(1)
    createUser(cli, { email: 'b@example.com', first_name: 'B' })
    expect(cachedUserCount(server)).toBe(2)
  })

  it('holds nothing read inside a transaction that rolls back', () => {
    const [db] = twoConnections()
    const emails = versionedCache<string>(['users'])
    const cachedEmails = () => {
      const cache = emails(db)
      return (
        cache.get('all') ??
        cache.set('all', db.prepare<[], string>('SELECT group_concat(email) FROM users').pluck().get()!)
      )
    }
    const add = (name: string) => createUser(db, { email: `${name}@example.com`, first_name: name })
    add('a')
    expect(() =>
      db.transaction(() => {
        add('b')
        add('c')
        expect(cachedEmails()).toBe('a@example.com,b@example.com,c@example.com')
        throw new Error('roll back')
      })(),
    ).toThrow('roll back')
    // The rollback put the users counter back; two more writes move it to where it stood in the transaction.
    add('d')
    add('e')
    expect(cachedEmails()).toBe('a@example.com,d@example.com,e@example.com')
  })
})

describe('writeTransaction', () => {
  // The server reads, then writes, in one transaction (a slug check before an insert); the key CLI or a
  // seeder may commit in between. Here the other connection's write runs at exactly that moment.
  const readThenWrite = (run: (db: Db, fn: () => void) => void) => {
    const [server, cli] = twoConnections()
    cli.pragma('busy_timeout = 0')
    const outcome = { server: 'ok', cli: 'ok' }
    try {
      run(server, () => {
        server.prepare('SELECT COUNT(*) FROM users').get()
        try {
          createUser(cli, { email: 'cli@example.com', first_name: 'C' })
        } catch (error) {
          outcome.cli = (error as Error).message
        }
        createUser(server, { email: 'server@example.com', first_name: 'S' })
      })
    } catch (error) {
      outcome.server = (error as Error).message
    }
    return outcome
  }

  it('holds the write lock from the start, so the transaction itself never fails for a busy database', () => {
    expect(readThenWrite((db, fn) => writeTransaction(db, fn))).toEqual({ server: 'ok', cli: 'database is locked' })
  })

  it('is needed: a deferred transaction that read first fails at once', () => {
    expect(readThenWrite((db, fn) => db.transaction(fn)())).toEqual({ server: 'database is locked', cli: 'ok' })
  })
})
