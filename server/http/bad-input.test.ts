import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody, organization } from '../../src/contracts'
import { startHarness, demoIds, type Harness } from '../test/harness'

let h: Harness
let orgPath: string
beforeAll(async () => {
  h = await startHarness()
  orgPath = `/api/organizations/${(await demoIds(h)).orgId}/`
})
afterAll(() => h.close())

describe('bad input never yields a 5xx', () => {
  it('answers malformed JSON with 400 parse_error', async () => {
    const res = await h.call(errorBody, 'PATCH', orgPath, {
      raw: '{"name": ',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('parse_error')
  })

  it('answers another content type with 415', async () => {
    const res = await h.call(errorBody, 'PATCH', orgPath, {
      raw: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(res.status).toBe(415)
    expect(res.body.code).toBe('unsupported_media_type')
  })

  it('answers a body over 1 MiB with 413', async () => {
    const res = await h.call(errorBody, 'PATCH', orgPath, { body: { name: 'x'.repeat(1024 * 1024 + 10) } })
    expect(res.status).toBe(413)
    expect(res.body.type).toBe('invalid_request')
  })

  it('ignores unknown fields and never lets a body touch prototypes', async () => {
    const before = (await h.call(organization, 'GET', orgPath)).body
    const unknown = await h.call(organization, 'PATCH', orgPath, { body: { is_admin: true, membership_level: 1 } })
    expect(unknown.status).toBe(200)
    expect(unknown.body.membership_level).toBe(before.membership_level)
    const proto = await h.call(organization, 'PATCH', orgPath, {
      raw: '{"__proto__": {"admin": true}, "constructor": {"prototype": {"polluted": true}}}',
      headers: { 'content-type': 'application/json' },
    })
    expect(proto.status).toBe(200)
    expect(({} as Record<string, unknown>).admin).toBeUndefined()
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('answers invalid UUIDs with 404', async () => {
    expect((await h.api('GET', '/api/organizations/not-a-uuid/')).status).toBe(404)
    expect((await h.api('GET', '/api/organizations/00000000-0000-0000-0000-000000000000/')).status).toBe(404)
  })

  it('answers unknown paths with 404 and wrong methods with 405', async () => {
    const missing = await h.call(errorBody, 'GET', '/api/nothing-here/')
    expect(missing.status).toBe(404)
    expect(missing.body.code).toBe('not_found')
    const method = await h.api('PUT', '/api/organizations/')
    expect(method.status).toBe(405)
    expect(method.headers.get('allow')).toContain('GET')
  })
})

describe('response headers', () => {
  it('sets security headers everywhere and no-store on /api', async () => {
    for (const path of ['/api/organizations/', '/', '/orgs/x/settings']) {
      const res = await fetch(h.base + path, { headers: { authorization: `Bearer ${h.key}` } })
      const csp = res.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("script-src 'self'")
      expect(csp).toContain("object-src 'none'")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('no-referrer')
      if (path.startsWith('/api')) expect(res.headers.get('cache-control')).toBe('no-store')
    }
  })
})

describe('rate limiting', () => {
  it('answers 429 throttled_error with Retry-After past the per-key limit', async () => {
    const limited = await startHarness({ rateLimit: 3 })
    try {
      const statuses = []
      for (let i = 0; i < 4; i++) statuses.push((await limited.api('GET', '/api/users/@me/')).status)
      expect(statuses).toEqual([200, 200, 200, 429])
      const res = await limited.call(errorBody, 'GET', '/api/users/@me/')
      expect(res.body).toMatchObject({ type: 'throttled_error', code: 'throttled' })
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      expect((await limited.api('GET', '/api/users/@me/', { key: limited.keyWith(['*']) })).status).toBe(200)
    } finally {
      await limited.close()
    }
  })
})
