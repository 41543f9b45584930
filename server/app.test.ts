import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { createApp } from './app'
import { openDatabase } from './db/database'
import { seedDemo } from './seed/demo'

describe('the request log (LOG_REQUESTS=1)', () => {
  it('has method, path and status of each request, but no sharing token and no key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aa-log-'))
    const { db } = openDatabase(join(dir, 'test.sqlite'))
    const { key } = seedDemo(db)
    const token = db
      .prepare<[], string>('SELECT access_token FROM sharing_configurations WHERE enabled = 1 LIMIT 1')
      .pluck()
      .get()!
    const server = createServer(
      createApp({ db, RATE_LIMIT_PER_MINUTE: 0, STATIC_DIR: join(dir, 'no-dist'), LOG_REQUESTS: '1' }),
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const lines: string[] = []
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')))
    try {
      for (const path of [`/shared/${token}`, `/embedded/${token}`, '/shared/not-a-token']) {
        await (await fetch(base + path)).text()
      }
      await (await fetch(`${base}/api/organizations/`, { headers: { authorization: `Bearer ${key}` } })).text()
      await new Promise((resolve) => setImmediate(resolve))
    } finally {
      log.mockRestore()
      server.close()
      db.close()
      rmSync(dir, { recursive: true, force: true })
    }
    expect(lines).toEqual([
      expect.stringMatching(/^GET \/shared\/… 200 [\d.]+ms$/),
      expect.stringMatching(/^GET \/embedded\/… 200 /),
      expect.stringMatching(/^GET \/shared\/… 404 /),
      expect.stringMatching(/^GET \/api\/organizations\/ 200 /),
    ])
    expect(lines.join('\n')).not.toContain(token)
    expect(lines.join('\n')).not.toContain(key.slice('phx_'.length))
  })
})
