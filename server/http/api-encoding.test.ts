import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '../../src/contracts'
import { createRandom } from '../seed/random'
import { seedPersons, seedRecordings } from '../seed/recordings'
import { demoIds, startHarness, type Harness } from '../test/harness'
import { decoded, rawRequest } from '../test/raw-http'

let h: Harness
let list: string
let orgId: string

beforeAll(async () => {
  h = await startHarness()
  const ids = await demoIds(h)
  orgId = ids.orgId
  list = `/api/projects/${ids.projectId}/session_recordings/`
})
afterAll(() => h.close())

const get = (path: string, headers: Record<string, string> = {}) =>
  rawRequest(h.base + path, { headers: { authorization: `Bearer ${h.key}`, ...headers } })

describe('API answers: compression', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.1, gzip', 'gzip'],
  ])('a large list asked with %j comes %s-encoded and decodes to the same JSON', async (accept, encoding) => {
    const plain = await get(`${list}?limit=100`)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.length).toBeGreaterThan(20_000)

    const res = await get(`${list}?limit=100`, { 'accept-encoding': accept })
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe(encoding)
    expect(Number(res.headers['content-length'])).toBe(res.body.length)
    expect(res.body.length).toBeLessThan(plain.body.length / 4)
    expect(res.headers.vary).toBe('Accept-Encoding')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['content-type']).toBe('application/json')
    expect(JSON.parse(decoded(res).toString())).toEqual(JSON.parse(plain.body.toString()))
  })

  it('a page above 256 KB (compressed off the main thread) decodes to the same JSON too', async () => {
    const { projectId } = await demoIds(h)
    seedRecordings(h.db, projectId, createRandom(17), 400, seedPersons(h.db, projectId, createRandom(18), 20))
    const plain = await get(`${list}?limit=600`)
    expect(plain.body.length).toBeGreaterThan(256 * 1024)
    for (const encoding of ['br', 'gzip']) {
      const res = await get(`${list}?limit=600`, { 'accept-encoding': encoding })
      expect(res.headers['content-encoding']).toBe(encoding)
      expect(Number(res.headers['content-length'])).toBe(res.body.length)
      expect(JSON.parse(decoded(res).toString())).toEqual(JSON.parse(plain.body.toString()))
    }
  })

  it('identity when nothing fits: no header, identity, q=0 and garbage', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0', 'br;q=x, gzip;q=2, ,;;']) {
      const res = await get(`${list}?limit=100`, accept === undefined ? {} : { 'accept-encoding': accept })
      expect(res.status, String(accept)).toBe(200)
      expect(res.headers['content-encoding'], String(accept)).toBeUndefined()
      expect(Number(res.headers['content-length'])).toBe(res.body.length)
      expect(JSON.parse(res.body.toString()).results).toHaveLength(100)
    }
  })

  it('small answers and error bodies go out as they are, in the error shape', async () => {
    const small = await get(`${list}?limit=1`, { 'accept-encoding': 'br, gzip' })
    expect(small.body.length).toBeLessThan(1024)
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.headers.vary).toBeUndefined()
    expect(JSON.parse(small.body.toString()).results).toHaveLength(1)

    const missing = await get(`${list}not-a-recording/`, { 'accept-encoding': 'br, gzip' })
    expect(missing.status).toBe(404)
    expect(missing.headers['content-encoding']).toBeUndefined()
    expect(missing.headers.etag).toBeUndefined()
    expect(missing.headers['cache-control']).toBe('no-store')
    expect(errorBody.parse(JSON.parse(missing.body.toString()))).toMatchObject({ code: 'not_found' })

    const bad = await get(`${list}?after=cursor`, { 'accept-encoding': 'br, gzip' })
    expect(bad.status).toBe(400)
    expect(bad.headers['content-encoding']).toBeUndefined()
    expect(errorBody.parse(JSON.parse(bad.body.toString())).type).toBe('validation_error')

    const unauthenticated = await rawRequest(`${h.base}${list}`, { headers: { 'accept-encoding': 'br, gzip' } })
    expect(unauthenticated.status).toBe(401)
    expect(unauthenticated.headers['content-encoding']).toBeUndefined()
  })
})

describe('API answers: ETags', () => {
  it('a list has a weak ETag; the same ETag back gives 304 with no body, whatever the encoding', async () => {
    const first = await get(`${list}?limit=100`, { 'accept-encoding': 'br' })
    const etag = first.headers.etag!
    expect(etag).toMatch(/^W\/"[\w-]+"$/)
    const again = await get(`${list}?limit=100`, { 'accept-encoding': 'gzip', 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.headers.etag).toBe(etag)
    expect(again.headers['cache-control']).toBe('no-store')
    expect(again.headers.vary).toBe('Accept-Encoding')
  })

  it('never a stale 304: once a recording in the list changes, the old ETag gets the new list', async () => {
    const before = await get(`${list}?limit=100`)
    const etag = before.headers.etag!
    const first = JSON.parse(before.body.toString()).results[0]
    const patched = await h.api('PATCH', `${list}${first.id}/`, { body: { viewed: !first.viewed } })
    expect(patched.status).toBe(200)
    const after = await get(`${list}?limit=100`, { 'if-none-match': etag })
    expect(after.status).toBe(200)
    expect(after.headers.etag).not.toBe(etag)
    expect(JSON.parse(after.body.toString()).results[0].viewed).toBe(!first.viewed)
  })

  it('another page or another query is another ETag', async () => {
    const a = await get(`${list}?limit=10`)
    const b = await get(`${list}?limit=10&offset=10`)
    expect(a.headers.etag).not.toBe(b.headers.etag)
    expect((await get(`${list}?limit=10&offset=10`, { 'if-none-match': a.headers.etag! })).status).toBe(200)
  })

  it('items have ETags; writes do not; a 304 needs the key to pass first', async () => {
    const item = await get(`/api/organizations/${orgId}/`)
    expect(item.headers.etag).toMatch(/^W\//)
    expect((await get(`/api/organizations/${orgId}/`, { 'if-none-match': item.headers.etag! })).status).toBe(304)

    const noKey = await rawRequest(`${h.base}/api/organizations/${orgId}/`, {
      headers: { 'if-none-match': item.headers.etag! },
    })
    expect(noKey.status).toBe(401)

    const created = await rawRequest(`${h.base}/api/organizations/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'ETag check' }),
    })
    expect(created.status).toBe(201)
    expect(created.headers.etag).toBeUndefined()
  })
})
