import fc from 'fast-check'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { paginated, project, sessionRecording } from '../../src/contracts'
import { encodeCapture, eventsBody, rrwebSession, sdkEvent, snapshotEvent, type Encoding } from '../test/capture-client'
import { demoIds, startHarness, type Harness } from '../test/harness'

// Capture takes what any page sends: whatever arrives, never a 5xx, and a refused request writes nothing.
let h: Harness
let projectId: number
let token: string
beforeAll(async () => {
  h = await startHarness()
  ;({ projectId } = await demoIds(h))
  token = (await h.call(project, 'GET', `/api/projects/${projectId}/`)).body.api_token!
})
afterAll(() => h.close())

const captureError = z.strictObject({
  type: z.enum(['validation_error', 'authentication_error', 'invalid_request']),
  code: z.string().min(1),
  detail: z.string().min(1),
  attr: z.string().nullable(),
})

const PATHS = ['/e/', '/i/v0/e/', '/batch/', '/capture/', '/track', '/engage/', '/s/', '/flags/?v=2', '/decide/']
const ENCODINGS: Encoding[] = ['json', 'gzip-js', 'gzip-js-param', 'base64-form', 'content-encoding-gzip', 'get-base64']
const jsonValue = fc.jsonValue({ maxDepth: 4 })

/** A valid batch with one thing wrong (or right by chance), as a JSON value. */
const brokenBatch = fc
  .record({
    which: fc.constantFrom(
      'no-distinct-id',
      'blank-distinct-id',
      'object-distinct-id',
      'no-event',
      'long-event',
      'bad-uuid',
      'properties-not-object',
      'null-event',
      'other-token',
      'personal-key',
      'no-token',
      'snapshot-no-session',
      'snapshot-data-not-array',
      'snapshot-bad-window',
      'empty-batch',
      'junk-field',
    ),
    junk: jsonValue,
  })
  .map(({ which, junk }) => {
    const event: Record<string, unknown> = sdkEvent('$pageview', { token, distinctId: 'fuzz' })
    const props = event.properties as Record<string, unknown>
    const snap = snapshotEvent({
      token,
      distinctId: 'fuzz',
      sessionId: 'fuzz-session',
      events: rrwebSession(Date.now()),
    })
    let batch: unknown[] = [event]
    switch (which) {
      case 'no-distinct-id':
        delete props.distinct_id
        break
      case 'blank-distinct-id':
        props.distinct_id = '   '
        break
      case 'object-distinct-id':
        props.distinct_id = { junk }
        break
      case 'no-event':
        delete event.event
        break
      case 'long-event':
        event.event = 'x'.repeat(401)
        break
      case 'bad-uuid':
        event.uuid = junk === null ? 'not-a-uuid' : junk
        break
      case 'properties-not-object':
        event.properties = [junk]
        break
      case 'null-event':
        batch = [event, null]
        break
      case 'other-token':
        props.token = 'phc_someone_else'
        break
      case 'personal-key':
        return eventsBody('phx_' + 'a'.repeat(43), [event])
      case 'no-token':
        delete props.token
        return { batch: [event] }
      case 'snapshot-no-session':
        delete (snap.properties as Record<string, unknown>).$session_id
        batch = [snap]
        break
      case 'snapshot-data-not-array':
        ;(snap.properties as Record<string, unknown>).$snapshot_data = junk === null ? 'x' : { junk }
        batch = [snap]
        break
      case 'snapshot-bad-window':
        snap.properties.$window_id = ''
        batch = [snap]
        break
      case 'empty-batch':
        batch = []
        break
      case 'junk-field':
        event.junk = junk
        return { api_key: 'phc_unknown_token', batch: [event] }
    }
    return eventsBody(token, batch)
  })

type Wire = { method: string; path: string; headers: Record<string, string>; body?: Buffer | string }

const request: fc.Arbitrary<Wire> = fc.oneof(
  // A broken batch in any encoding to any capture path.
  fc
    .record({ data: brokenBatch, path: fc.constantFrom(...PATHS), encoding: fc.constantFrom(...ENCODINGS) })
    .map(({ data, path, encoding }) => encodeCapture(path, data, encoding)),
  // Random JSON or random bytes, with any declared type and encoding.
  fc
    .record({
      path: fc.constantFrom(...PATHS),
      body: fc.oneof(
        jsonValue.map((v) => Buffer.from(JSON.stringify(v))),
        fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
        fc.string({ maxLength: 200 }).map((s) => Buffer.from(s)),
      ),
      type: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', ''),
      compression: fc.constantFrom(
        '',
        '?compression=gzip-js',
        '?compression=base64',
        '?compression=lz64',
        '?compression=zzz',
      ),
      contentEncoding: fc.constantFrom(undefined, 'gzip', 'br', 'identity'),
    })
    .map(({ path, body, type, compression, contentEncoding }) => ({
      method: 'POST',
      path: path.includes('?') ? path : path + compression,
      headers: {
        ...(type ? { 'content-type': type } : {}),
        ...(contentEncoding ? { 'content-encoding': contentEncoding } : {}),
      },
      body,
    })),
  // A valid body, cut short after gzip.
  fc.record({ cut: fc.integer({ min: 1, max: 200 }), path: fc.constantFrom('/e/', '/s/') }).map(({ cut, path }) => {
    const whole = gzipSync(JSON.stringify(eventsBody(token, [sdkEvent('$pageview', { token, distinctId: 'cut' })])))
    return {
      method: 'POST',
      path,
      headers: { 'content-type': 'text/plain' },
      body: whole.subarray(0, Math.max(1, whole.length - cut)),
    }
  }),
  // GET with junk in `data`, and methods capture does not take.
  fc.record({ data: fc.string({ maxLength: 80 }), path: fc.constantFrom(...PATHS) }).map(({ data, path }) => ({
    method: 'GET',
    path: `${path}${path.includes('?') ? '&' : '?'}data=${encodeURIComponent(data.toWellFormed())}`,
    headers: {},
  })),
  fc
    .record({
      method: fc.constantFrom('PUT', 'DELETE', 'PATCH'),
      path: fc.constantFrom(...PATHS, '/array/x/config', '/static/array.js'),
    })
    .map(({ method, path }) => ({ method, path, headers: {}, body: '{}' })),
)

describe('fuzzing capture', () => {
  it('answers 2 000 malformed requests with a 4xx in capture’s error shape, and writes nothing for them', async () => {
    let refused = 0
    await fc.assert(
      fc.asyncProperty(request, async (req) => {
        const before = h.rowsWritten()
        const res = await fetch(h.base + req.path, { method: req.method, headers: req.headers, body: req.body })
        const text = await res.text()
        if (res.status >= 500) throw new Error(`${req.method} ${req.path} → ${res.status} ${text}`)
        if (res.status >= 400) {
          refused++
          captureError.parse(JSON.parse(text))
          expect(h.rowsWritten()).toBe(before)
        }
      }),
      { numRuns: 2000, seed: 20261125 },
    )
    expect(refused).toBeGreaterThan(1500)
  }, 240_000)

  it('stores hostile but well-formed recordings and events without ever breaking the recordings API', async () => {
    const hostile = fc.record({
      properties: fc.dictionary(fc.string({ maxLength: 12 }), jsonValue, { maxKeys: 4 }),
      rrweb: fc.array(
        fc.record({
          type: fc.oneof(fc.integer({ min: -2, max: 8 }), fc.constant(3)),
          timestamp: fc.oneof(fc.integer({ min: 0, max: 8.64e15 }), fc.constant(Date.now()), fc.double()),
          data: fc.oneof(
            jsonValue,
            fc.record({
              source: fc.integer({ min: 0, max: 15 }),
              type: fc.integer({ min: 0, max: 10 }),
              href: fc.string(),
            }),
            fc.record({ plugin: fc.constant('rrweb/console@1'), payload: jsonValue }),
          ),
        }),
        { maxLength: 30 },
      ),
      session: fc.stringMatching(/^[A-Za-z0-9-]{1,40}$/),
      distinct: fc.string({ minLength: 1, maxLength: 300 }).filter((s) => s.trim() !== ''),
    })
    await fc.assert(
      fc.asyncProperty(hostile, async ({ properties, rrweb, session, distinct }) => {
        const event = sdkEvent('$set', { token, distinctId: distinct, properties: { ...properties, $set: properties } })
        const snap = snapshotEvent({ token, distinctId: distinct, sessionId: `fuzz-${session}`, events: rrweb })
        for (const [path, data] of [
          ['/e/', eventsBody(token, [event])],
          ['/s/', [snap]],
        ] as const) {
          const res = await fetch(h.base + path, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(data),
          })
          expect(res.status).toBeLessThan(500)
        }
      }),
      { numRuns: 300, seed: 20261126 },
    )
    const list = await h.call(
      paginated(sessionRecording),
      'GET',
      `/api/projects/${projectId}/session_recordings/?limit=1000&order=start_time`,
    )
    expect(list.status).toBe(200)
    const stored = list.body.results.filter((r) => r.id.startsWith('fuzz-'))
    expect(stored.length).toBeGreaterThan(20)
    for (const r of stored.slice(0, 50)) {
      expect((await h.api('GET', `/api/projects/${projectId}/session_recordings/${r.id}/`)).status).toBe(200)
      const snapshots = await h.api('GET', `/api/projects/${projectId}/session_recordings/${r.id}/snapshots/`)
      expect(snapshots.status).toBe(200)
    }
  }, 240_000)
})
