import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from './app'
import { openDatabase, type Db } from './db/database'
import { seedDemo } from './seed/demo'
import { decoded, rawRequest } from './test/raw-http'

// A built shared.html is a few KB (its module and stylesheet links, the skeleton's markup).
const TEMPLATE = `<!doctype html><html><head><title>Shared recording</title>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(40)}</head><body><div id="root"></div></body></html>`

let dir: string
let db: Db
let server: Server
let base: string
let token: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'aa-shared-page-'))
  writeFileSync(join(dir, 'shared.html'), TEMPLATE)
  ;({ db } = openDatabase(join(dir, 'test.sqlite')))
  seedDemo(db)
  ;({ access_token: token } = db
    .prepare<[], { access_token: string }>('SELECT access_token FROM sharing_configurations WHERE enabled = 1 LIMIT 1')
    .get()!)
  server = createServer(createApp({ db, RATE_LIMIT_PER_MINUTE: 0, STATIC_DIR: dir, LOG_REQUESTS: '0' }))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.close()
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('public recording pages as served', () => {
  it('are compressed as negotiated, with the recording in them, never cached and never given an ETag', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['', undefined],
    ] as const) {
      const res = await rawRequest(`${base}/shared/${token}`, { headers: { 'accept-encoding': accept } })
      expect(res.status, accept).toBe(200)
      expect(res.headers['content-encoding'], accept).toBe(encoding)
      expect(Number(res.headers['content-length']), accept).toBe(res.body.length)
      expect(res.headers.vary).toBe('Accept-Encoding')
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.headers.etag).toBeUndefined()
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'")
      const html = decoded(res).toString()
      expect(html).toContain('<script type="application/json" id="shared-recording">')
      expect(html).toContain('<div id="root"></div>')
    }
  })

  it('a link that does not work answers 404 with its page, decoded the same', async () => {
    const res = await rawRequest(`${base}/shared/not-a-token`, { headers: { 'accept-encoding': 'br' } })
    expect(res.status).toBe(404)
    expect(Number(res.headers['content-length'])).toBe(res.body.length)
    expect(decoded(res).toString()).toContain('This link does not work')
  })
})
