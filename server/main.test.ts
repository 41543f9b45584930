import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { organization, paginated } from '../src/contracts'
import { exited, randomPort, startServerProcess } from './test/process'

describe('npm start, as a user runs it', () => {
  it('seeds a new database, prints the sign-in link and serves the API and the console on one port', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aa-main-'))
    const port = randomPort()
    const { child, output } = await startServerProcess({ PORT: String(port), DATABASE_PATH: join(dir, 'db.sqlite') })
    try {
      const out = output()
      const link = new RegExp(`^Sign in: http://127\\.0\\.0\\.1:${port}/#key=(phx_[A-Za-z0-9]{43,})$`, 'm').exec(out)
      expect(link).not.toBeNull()
      expect(out).toContain(`Ready on http://127.0.0.1:${port}`)
      const key = link![1]!
      const orgs = await fetch(`http://127.0.0.1:${port}/api/organizations/`, {
        headers: { authorization: `Bearer ${key}` },
      })
      expect(orgs.status).toBe(200)
      expect(paginated(organization).parse(await orgs.json()).count).toBeGreaterThan(0)
      const page = await fetch(`http://127.0.0.1:${port}/orgs/anything`)
      expect(page.status).toBe(200)
      expect(page.headers.get('content-type')).toContain('text/html')
    } finally {
      child.kill('SIGTERM')
      await exited(child)
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
