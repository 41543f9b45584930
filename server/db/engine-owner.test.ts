import { spawnSync } from 'node:child_process'
import { hostname } from 'node:os'
import { afterEach, describe, expect, it } from 'vitest'
import { engineFixture, type EngineFixture } from '../test/engine-fixture'
import { claimEngine, releaseEngine } from './engine-owner'

let f: EngineFixture
afterEach(() => f.close())

const setOwner = (pid: number, host: string, heartbeat: string) =>
  f.db
    .prepare('INSERT OR REPLACE INTO engine_owner (id, pid, host, heartbeat_at) VALUES (1, ?, ?, ?)')
    .run(pid, host, heartbeat)

describe('one engine per database', () => {
  it('lets one live server run the engine and a later one take over once it is gone', () => {
    f = engineFixture()
    // Another live process on this host (the test runner's parent) holds it: this one may not.
    setOwner(process.ppid, hostname(), new Date().toISOString())
    expect(claimEngine(f.db)).toEqual({ pid: process.ppid, host: hostname() })
    // A process that exited (as after kill -9) no longer holds it, however fresh its heartbeat.
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!
    setOwner(gone, hostname(), new Date().toISOString())
    expect(claimEngine(f.db)).toBeNull()
    expect(claimEngine(f.db)).toBeNull() // claiming again is fine for the owner
    releaseEngine(f.db)
    // On another host only the heartbeat tells: fresh holds, a minute old does not.
    setOwner(1, 'other-host', new Date().toISOString())
    expect(claimEngine(f.db)).toEqual({ pid: 1, host: 'other-host' })
    setOwner(1, 'other-host', new Date(Date.now() - 61_000).toISOString())
    expect(claimEngine(f.db)).toBeNull()
  })
})
