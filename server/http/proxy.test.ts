import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '../../src/contracts'
import { createApp } from '../app'
import { createProxy } from './proxy'
import { decoded, rawRequest } from '../test/raw-http'

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

let upstream: Server
let proxy: Server
let proxyUrl: string
const seen: { method?: string; url?: string; auth?: string; body: string }[] = []
const LARGE = JSON.stringify({
  results: Array.from({ length: 200 }, (_, i) => ({ id: `rec-${i}`, duration: i, person: `person ${i % 7}` })),
})
const LARGE_GZIP = gzipSync(LARGE)

beforeAll(async () => {
  // A stand-in for PostHog on loopback: echoes what it received.
  upstream = createServer((req, res) => {
    let body = ''
    req.on('data', (d: Buffer) => (body += d.toString()))
    req.on('end', () => {
      // As PostHog's own front proxy does: gzip when the caller accepts it (or, here, always, when asked to).
      if (req.url?.startsWith('/api/gzipped/')) {
        const gzip = /gzip/.test(req.headers['accept-encoding'] ?? '') || req.url.includes('always')
        const out = gzip ? LARGE_GZIP : Buffer.from(LARGE)
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': out.length,
          ...(gzip ? { 'content-encoding': 'gzip' } : {}),
          vary: 'Origin',
          etag: '"upstream-1"',
        })
        return res.end(out) // node drops the body of a HEAD answer and keeps the length
      }
      if (req.url?.startsWith('/api/large/')) {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
        return res.end(LARGE)
      }
      seen.push({ method: req.method, url: req.url, auth: req.headers.authorization, body })
      res.writeHead(req.url?.includes('missing') ? 404 : 200, {
        'content-type': 'application/json',
        'set-cookie': 'a=b',
      })
      res.end(JSON.stringify({ ok: true, path: req.url }))
    })
  })
  const upstreamUrl = await listen(upstream)
  proxy = createServer(
    createApp({ UPSTREAM_URL: upstreamUrl, RATE_LIMIT_PER_MINUTE: 0, STATIC_DIR: '/nonexistent', LOG_REQUESTS: '0' }),
  )
  proxyUrl = await listen(proxy)
})
afterAll(() => {
  proxy.closeAllConnections()
  proxy.close()
  upstream.closeAllConnections()
  upstream.close()
})

describe('proxy mode', () => {
  it('forwards /api with the caller’s Authorization, method, query and body; stores nothing', async () => {
    const res = await fetch(`${proxyUrl}/api/projects/1/session_recordings/abc/?limit=5`, {
      method: 'PATCH',
      headers: { authorization: 'Bearer phx_upstream', 'content-type': 'application/json' },
      body: '{"viewed":true}',
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true, path: '/api/projects/1/session_recordings/abc/?limit=5' })
    expect(seen.at(-1)).toEqual({
      method: 'PATCH',
      url: '/api/projects/1/session_recordings/abc/?limit=5',
      auth: 'Bearer phx_upstream',
      body: '{"viewed":true}',
    })
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })

  it("passes an upstream's gzip through byte for byte: its encoding, its length, compressed once", async () => {
    const res = await rawRequest(`${proxyUrl}/api/gzipped/`, { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.body.equals(LARGE_GZIP)).toBe(true)
    expect(Number(res.headers['content-length'])).toBe(LARGE_GZIP.length)
    expect(res.headers.vary).toBe('Origin, Accept-Encoding')
    expect(res.headers.etag).toBe('"upstream-1"')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(decoded(res).toString()).toBe(LARGE)
    // As a browser sees it.
    expect(await (await fetch(`${proxyUrl}/api/gzipped/`)).text()).toBe(LARGE)
  })

  it('HEAD keeps the length and encoding the upstream gave for GET', async () => {
    const res = await rawRequest(`${proxyUrl}/api/gzipped/`, { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } })
    expect(res.status).toBe(200)
    expect(res.body.length).toBe(0)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(Number(res.headers['content-length'])).toBe(LARGE_GZIP.length)
  })

  it('decodes for a caller that did not accept what the upstream sent anyway', async () => {
    const res = await rawRequest(`${proxyUrl}/api/gzipped/always`, { headers: { 'accept-encoding': 'identity' } })
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body.toString()).toBe(LARGE)
    expect(Number(res.headers['content-length'])).toBe(LARGE.length)
  })

  it('asks the upstream for identity when the caller does, and sends it on as it came', async () => {
    const res = await rawRequest(`${proxyUrl}/api/gzipped/`)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body.toString()).toBe(LARGE)
    expect(Number(res.headers['content-length'])).toBe(LARGE.length)
  })

  it("compresses an upstream's large identity JSON for a caller that accepts it, as the local server does", async () => {
    const res = await rawRequest(`${proxyUrl}/api/large/`, { headers: { 'accept-encoding': 'gzip, br' } })
    expect(res.headers['content-encoding']).toBe('br')
    expect(Number(res.headers['content-length'])).toBe(res.body.length)
    expect(res.headers.vary).toBe('Accept-Encoding')
    expect(decoded(res).toString()).toBe(LARGE)
  })

  it('passes upstream errors through unchanged', async () => {
    const res = await fetch(`${proxyUrl}/api/missing/`)
    expect(res.status).toBe(404)
  })

  it('answers an unreachable upstream with 502 in the error shape', async () => {
    const dead = createServer()
    const deadUrl = await listen(dead)
    dead.close()
    const app = createServer(
      createApp({ UPSTREAM_URL: deadUrl, RATE_LIMIT_PER_MINUTE: 0, STATIC_DIR: '/nonexistent', LOG_REQUESTS: '0' }),
    )
    const url = await listen(app)
    try {
      const res = await fetch(`${url}/api/organizations/`)
      expect(res.status).toBe(502)
      expect(errorBody.parse(await res.json())).toMatchObject({ type: 'server_error', code: 'upstream_unreachable' })
    } finally {
      app.close()
    }
  })

  it('tells the console in index.html that a real PostHog answers its API; local mode does not', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aa-proxy-static-'))
    writeFileSync(join(dir, 'index.html'), '<html><head><title>x</title></head><body></body></html>')
    const page = async (upstreamUrl?: string) => {
      const options = { RATE_LIMIT_PER_MINUTE: 0, STATIC_DIR: dir, LOG_REQUESTS: '0' as const }
      const app = createServer(createApp(upstreamUrl ? { ...options, UPSTREAM_URL: upstreamUrl } : options))
      try {
        return await (await fetch(`${await listen(app)}/projects/1/recordings`)).text()
      } finally {
        app.close()
      }
    }
    try {
      expect(await page('http://127.0.0.1:9')).toMatch(/<meta name="api-upstream" content="posthog">.*<\/head>/)
      expect(await page()).not.toContain('api-upstream')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('answers an upstream that does not answer in time with 504 in the error shape', async () => {
    const silent = createServer(() => {}) // takes the request, never answers
    const silentUrl = await listen(silent)
    const proxyOnly = createProxy(silentUrl, 200)
    const app = createServer((req, res) => void proxyOnly(req, res, req.url!))
    const url = await listen(app)
    try {
      const res = await rawRequest(`${url}/api/organizations/`)
      expect(res.status).toBe(504)
      expect(errorBody.parse(JSON.parse(res.body.toString()))).toMatchObject({ code: 'upstream_timeout' })
    } finally {
      app.close()
      silent.closeAllConnections()
      silent.close()
    }
  })
})
