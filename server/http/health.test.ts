import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { openDatabase } from '../db/database'
import { rawRequest } from '../test/raw-http'

const servers: Server[] = []
const dirs: string[] = []
afterAll(() => {
  for (const s of servers) {
    s.closeAllConnections()
    s.close()
  }
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

const listen = async (server: Server) => {
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const probe = async (base: string, path: string, method = 'GET') => {
  const res = await rawRequest(base + path, { method })
  const text = res.body.toString()
  return {
    status: res.status,
    headers: res.headers,
    text,
    json: text && res.headers['content-type'] === 'application/json' ? JSON.parse(text) : undefined,
  }
}

describe('health endpoints, local mode', () => {
  it('ready only once every migration has run and the database answers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aa-health-'))
    dirs.push(dir)
    const path = join(dir, 'health.sqlite')
    // The server's connection to a database nobody has migrated yet (as when a separate job migrates).
    const db = new Database(path)
    // A rate limit of 1 a minute: probes are not counted against it.
    const base = await listen(
      createServer(createApp({ db, RATE_LIMIT_PER_MINUTE: 1, STATIC_DIR: join(dir, 'none'), LOG_REQUESTS: '0' })),
    )

    for (let i = 0; i < 3; i++) expect((await probe(base, '/_livez')).json).toEqual({ http: true })
    const before = await probe(base, '/_readyz')
    expect(before.status).toBe(503)
    expect(before.json).toEqual({ sqlite: true, sqlite_migrations_uptodate: false })
    expect(before.headers['cache-control']).toBe('no-store')
    const health = await probe(base, '/_health')
    expect([health.status, health.text]).toEqual([503, 'Migrations are not up to date'])
    expect(health.headers['content-type']).toBe('text/plain; charset=utf-8')
    // As in PostHog, a deployment may exclude a check from failing the probe.
    expect((await probe(base, '/_readyz?exclude=sqlite_migrations_uptodate')).status).toBe(200)

    // Another connection (npm start, a migration job) runs the migrations: ready, without a restart.
    openDatabase(path).db.close()
    const after = await probe(base, '/_readyz')
    expect(after.status).toBe(200)
    expect(after.json).toEqual({ sqlite: true, sqlite_migrations_uptodate: true })
    expect([(await probe(base, '/_health/')).status, (await probe(base, '/_health')).text]).toEqual([200, 'ok'])

    // The database stops answering (here: its connection is closed, as on shutdown): not ready, still live.
    db.close()
    const closed = await probe(base, '/_readyz')
    expect(closed.status).toBe(503)
    expect(closed.json).toEqual({ sqlite: false, sqlite_migrations_uptodate: false })
    expect((await probe(base, '/_health')).text).toBe('Database is not answering')
    expect((await probe(base, '/_livez')).status).toBe(200)
  })

  it('needs no key, answers HEAD without a body and refuses writes in the error shape', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aa-health-'))
    dirs.push(dir)
    const { db } = openDatabase(join(dir, 'ok.sqlite'))
    const base = await listen(
      createServer(createApp({ db, RATE_LIMIT_PER_MINUTE: 0, STATIC_DIR: join(dir, 'none'), LOG_REQUESTS: '0' })),
    )
    const head = await probe(base, '/_readyz', 'HEAD')
    expect(head.status).toBe(200)
    expect(head.text).toBe('')
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0)
    const post = await probe(base, '/_readyz', 'POST')
    expect(post.status).toBe(405)
    expect(post.headers.allow).toBe('GET, HEAD')
    expect(post.json).toMatchObject({ type: 'invalid_request', code: 'method_not_allowed' })
    // Only the exact probe paths: anything else under /_ is the console.
    expect((await probe(base, '/_readyz/extra')).headers['content-type']).toBe('text/html; charset=utf-8')
  })
})

describe('health endpoints, proxy mode', () => {
  it('ready while the upstream answers HTTP (any status below 500), not ready once it is gone', async () => {
    let status = 404
    const upstream = createServer((req, res) => {
      res.writeHead(req.url === '/_livez' ? status : 500).end()
    })
    const upstreamUrl = await listen(upstream)
    const base = await listen(
      createServer(
        createApp({
          UPSTREAM_URL: upstreamUrl,
          RATE_LIMIT_PER_MINUTE: 0,
          STATIC_DIR: '/nonexistent',
          LOG_REQUESTS: '0',
        }),
      ),
    )
    expect(await probe(base, '/_readyz')).toMatchObject({ status: 200, json: { upstream: true } })
    status = 503
    expect(await probe(base, '/_readyz')).toMatchObject({ status: 503, json: { upstream: false } })
    status = 200
    expect((await probe(base, '/_readyz')).status).toBe(200)
    upstream.closeAllConnections()
    await new Promise((resolve) => upstream.close(resolve))
    expect(await probe(base, '/_readyz')).toMatchObject({ status: 503, json: { upstream: false } })
    // Live and healthy all along: this process itself is fine, and it has no database to migrate.
    expect(await probe(base, '/_livez')).toMatchObject({ status: 200, json: { http: true } })
    expect(await probe(base, '/_health')).toMatchObject({ status: 200, text: 'ok' })
  })
})
