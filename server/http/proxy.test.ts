import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '../../src/contracts'
import { createApp } from '../app'

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

let upstream: Server
let proxy: Server
let proxyUrl: string
const seen: { method?: string; url?: string; auth?: string; body: string }[] = []

beforeAll(async () => {
  // A stand-in for PostHog on loopback: echoes what it received.
  upstream = createServer((req, res) => {
    let body = ''
    req.on('data', (d: Buffer) => (body += d.toString()))
    req.on('end', () => {
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
})
