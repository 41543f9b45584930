import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listKeys } from '../db/api-keys'
import { openDatabase, type Db } from '../db/database'
import { seedDemo } from '../seed/demo'

// The key CLI as an admin runs it (`npm run keys -- …`), against a seeded database of its own.
let dir: string
let path: string
let db: Db
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'aa-keys-'))
  path = join(dir, 'keys.sqlite')
  db = openDatabase(path).db
  seedDemo(db)
})
afterAll(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

function keys(command: string, ...args: string[]) {
  const argv = ['server/cli/keys.ts', command, '--database', path, ...args]
  const run = spawnSync(process.execPath, ['--import', 'tsx', ...argv], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_PATH: '' },
  })
  return { status: run.status, stdout: run.stdout, stderr: run.stderr }
}

describe('the key CLI', () => {
  it.each([
    [['create', '--project', '1', '--scopes', '*'], "Unknown option '--project'. Did you mean --projects?"],
    [['create', '--bogus', '--scopes', '*'], "Unknown option '--bogus'."],
    [['create', '--scopes', '*', '--projects', 'abc'], '--projects takes numeric project ids'],
    [['create', '--scopes', '*', '--projects', '999'], 'No project 999'],
    [['create', '--scopes', '*', '--organizations', 'not-a-uuid'], '"not-a-uuid" is not one'],
    [['create', '--scopes', '*,org:read'], 'Unknown scope: org:read.'],
    [['create', '--scopes', '*', '--scopes', 'user:read'], '--scopes is given twice.'],
    [['create', 'now', '--scopes', '*'], 'create takes only flags'],
    [['create', '--scopes'], "Option '--scopes <value>' argument missing."],
    [['list', '--scopes', '*'], 'list does not take --scopes.'],
  ])(
    'refuses %j, says why, and creates nothing',
    (args, message) => {
      const before = listKeys(db).length
      const [command, ...rest] = args
      const run = keys(command!, ...rest)
      expect(run.status).toBe(2)
      expect(run.stderr).toContain(message)
      expect(run.stderr).toContain('Usage:')
      expect(run.stdout).toBe('')
      expect(listKeys(db)).toHaveLength(before)
    },
    30_000,
  )

  it('creates a project-scoped key with --projects, and lists its limits', () => {
    const run = keys('create', '--scopes', 'session_recording:read', '--projects', '1,2', '--label', 'replay bot')
    expect(run.status).toBe(0)
    const key = run.stdout.trim().split('\n').at(-1)!
    expect(key).toMatch(/^phx_[A-Za-z0-9]{47}$/)
    const row = listKeys(db).find((k) => k.label === 'replay bot')!
    expect(row).toMatchObject({ scopes: ['session_recording:read'], scoped_teams: [1, 2], scoped_organizations: null })
    expect(keys('list').stdout).toContain('projects=1,2')
  }, 30_000)
})
