import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { organization, paginated } from '../../src/contracts'
import { exited, randomPort, startServerProcess } from '../test/process'

const KEY = 'phx_' + 'D'.repeat(43)

describe('durability', () => {
  it('keeps every acknowledged write after SIGKILL mid-burst, and the database passes integrity_check', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aa-durable-'))
    const env = {
      PORT: String(randomPort()),
      DATABASE_PATH: join(dir, 'db.sqlite'),
      DEMO_API_KEY: KEY,
      RATE_LIMIT_PER_MINUTE: '0',
    }
    const base = `http://127.0.0.1:${env.PORT}`
    const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }
    try {
      const first = await startServerProcess(env)
      const acknowledged: string[] = []
      let stop = false
      const writer = async (w: number) => {
        for (let i = 0; !stop; i++) {
          try {
            const res = await fetch(`${base}/api/organizations/`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ name: `Burst ${w}-${i}` }),
            })
            if (res.status === 201) acknowledged.push(organization.parse(await res.json()).id)
          } catch {
            return // the server died mid-request: that write was never acknowledged
          }
        }
      }
      const writers = Array.from({ length: 8 }, (_, w) => writer(w))
      await new Promise((r) => setTimeout(r, 1200))
      first.child.kill('SIGKILL')
      stop = true
      await Promise.all(writers)
      await exited(first.child)
      expect(acknowledged.length).toBeGreaterThan(20)

      const second = await startServerProcess(env)
      try {
        // Every page: a fast machine acknowledges more writes than one page of 1000 holds.
        const ids = new Set<string>()
        for (let url: string | null = `${base}/api/organizations/?limit=1000`; url;) {
          const res = await fetch(url, { headers })
          const page = paginated(organization).parse(await res.json())
          for (const o of page.results) ids.add(o.id)
          url = page.next
        }
        const lost = acknowledged.filter((id) => !ids.has(id))
        expect(lost).toEqual([])
      } finally {
        second.child.kill('SIGTERM')
        await exited(second.child)
      }
      const db = new Database(env.DATABASE_PATH, { readonly: true })
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      db.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
