import { randomUUID } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { project, sessionRecording } from '../../src/contracts'
import { snapshotSources } from '../../src/contracts/session-recording-snapshots'
import { recentEvents } from '../db/events'
import { personsByDistinctIds } from '../db/persons'
import { listSnapshotSources } from '../db/snapshots'
import {
  encodeCapture,
  eventsBody,
  rrwebSession,
  sdkEvent,
  sendCapture,
  snapshotEvent,
  type Encoding,
  type WireRequest,
} from '../test/capture-client'
import { demoIds, startHarness, type Harness } from '../test/harness'

let h: Harness
let projectId: number
let token: string
beforeAll(async () => {
  h = await startHarness()
  ;({ projectId } = await demoIds(h))
  token = (await h.call(project, 'GET', `/api/projects/${projectId}/`)).body.api_token!
})
afterAll(() => h.close())

const send = (path: string, data: unknown, encoding: Encoding = 'json') =>
  sendCapture(h.base, encodeCapture(path, data, encoding))
const raw = (path: string, { body, headers = {} }: Pick<WireRequest, 'body'> & { headers?: WireRequest['headers'] }) =>
  sendCapture(h.base, { method: 'POST', path, headers, body })

const personOf = (distinctId: string) => personsByDistinctIds(h.db, projectId, [distinctId]).get(distinctId)

const recording = async (id: string) => {
  const res = await h.call(sessionRecording, 'GET', `/api/projects/${projectId}/session_recordings/${id}/`)
  return res.body
}

describe('project token', () => {
  it('is the project’s api_token, phc_ and url-safe, distinct per project', async () => {
    const { secondProjectId } = await demoIds(h)
    const other = (await h.call(project, 'GET', `/api/projects/${secondProjectId}/`)).body.api_token
    expect(token).toMatch(/^phc_[A-Za-z0-9_-]{20,}$/)
    expect(other).toMatch(/^phc_/)
    expect(other).not.toBe(token)
  })

  it('rotates with project:write and an admin membership; the old token is refused at once', async () => {
    const { secondProjectId } = await demoIds(h)
    const before = (await h.call(project, 'GET', `/api/projects/${secondProjectId}/`)).body.api_token!
    const readOnly = h.keyWith(['project:read'])
    const refused = await h.api('PATCH', `/api/projects/${secondProjectId}/reset_token/`, { key: readOnly })
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({
      code: 'permission_denied',
      detail: "API key missing required scope 'project:write'",
    })

    const rotated = await h.call(project, 'PATCH', `/api/projects/${secondProjectId}/reset_token/`)
    expect(rotated.status).toBe(200)
    expect(rotated.body.api_token).toMatch(/^phc_[A-Za-z0-9_-]{43}$/)
    expect(rotated.body.api_token).not.toBe(before)

    const old = await send('/e/', eventsBody(before, [sdkEvent('$pageview', { token: before, distinctId: 'r1' })]))
    expect(old.status).toBe(401)
    expect(old.body).toMatchObject({ code: 'invalid_api_key' })
    const fresh = rotated.body.api_token!
    const ok = await send('/e/', eventsBody(fresh, [sdkEvent('$pageview', { token: fresh, distinctId: 'r1' })]))
    expect(ok.status).toBe(200)
  })

  it('refuses rotation to a member who is not an admin, in PostHog’s words', async () => {
    const orgs = (await h.api('GET', '/api/organizations/')).body as {
      results: { name: string; teams: { id: number }[] }[]
    }
    const partnerProject = orgs.results.find((o) => o.name === 'Partner Agency')!.teams[0]!.id
    const res = await h.api('PATCH', `/api/projects/${partnerProject}/reset_token/`)
    expect(res.status).toBe(403)
    expect(res.body).toEqual({
      type: 'authentication_error',
      code: 'permission_denied',
      detail: "You don't have sufficient permissions in the project.",
      attr: null,
    })
  })
})

describe('every encoding posthog-js sends', () => {
  it.each<[Encoding, string]>([
    ['json', '/e/'],
    ['gzip-js', '/i/v0/e/'],
    ['gzip-js-param', '/e/'],
    ['base64-form', '/e/'],
    ['content-encoding-gzip', '/batch/'],
    ['get-base64', '/e/'],
  ])('%s to %s: stored, with a person made from $set', async (encoding, path) => {
    const distinctId = `user-${encoding}`
    const identify = sdkEvent('$identify', {
      token,
      distinctId,
      properties: { $anon_distinct_id: `anon-${encoding}`, $set: { email: `${encoding}@example.com` } },
    })
    const pageview = sdkEvent('$pageview', {
      token,
      distinctId,
      sessionId: `session-${encoding}`,
      properties: { $current_url: 'https://shop.example/', $elements_chain: 'a:text="Buy"nth-child="1"' },
    })
    const res = await send(path, eventsBody(token, [identify, pageview]), encoding)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ status: 1 })
    const person = personOf(distinctId)
    expect(person?.name).toBe(`${encoding}@example.com`)
    expect(personOf(`anon-${encoding}`)?.uuid).toBe(person?.uuid)
    const stored = recentEvents(h.db, projectId, 20).filter((e) => e.distinct_id === distinctId)
    expect(stored.map((e) => e.uuid).sort()).toEqual([identify.uuid, pageview.uuid].sort())
    const view = stored.find((e) => e.event === '$pageview')!
    expect(view).toMatchObject({
      person_id: person!.uuid,
      session_id: `session-${encoding}`,
      elements_chain: 'a:text="Buy"nth-child="1"',
      properties: { $current_url: 'https://shop.example/', $lib: 'web' },
    })
    expect(view.properties).not.toHaveProperty('token')
    expect(view.properties).not.toHaveProperty('$elements_chain')
  })

  it('takes a lone event and a bare array, the token in properties', async () => {
    const lone = sdkEvent('$set', { token, distinctId: 'lone', properties: { $set: { plan: 'pro' } } })
    expect((await send('/capture/', lone)).status).toBe(200)
    expect(personOf('lone')!.properties).toMatchObject({ plan: 'pro' })
    const list = [sdkEvent('$set', { token, distinctId: 'listed', properties: { $set: { plan: 'free' } } })]
    expect((await send('/e/', list)).status).toBe(200)
    expect(personOf('listed')).toBeDefined()
  })

  it('reads $set and $set_once where posthog-js’s identify puts them: on the event itself', async () => {
    const identify = {
      ...sdkEvent('$identify', { token, distinctId: 'top-level', properties: { $anon_distinct_id: 'top-anon' } }),
      $set: { email: 'top@example.com' },
      $set_once: { first_seen: 'monday', email: 'ignored@example.com' },
    }
    expect((await send('/e/', eventsBody(token, [identify]), 'gzip-js')).status).toBe(200)
    const person = personOf('top-anon')!
    expect(person.name).toBe('top@example.com')
    expect(person.properties).toEqual({ email: 'top@example.com', first_seen: 'monday' })
  })

  it('creates no person for events posthog-js marks personless', async () => {
    const event = sdkEvent('$pageview', { token, distinctId: 'ghost', properties: { $process_person_profile: false } })
    expect((await send('/e/', eventsBody(token, [event]))).status).toBe(200)
    expect(personOf('ghost')).toBeUndefined()
  })
})

describe('events', () => {
  it('are stored once however often the SDK retries a batch, persons unchanged by the replay', async () => {
    const events = [
      sdkEvent('$pageview', { token, distinctId: 'retry', properties: { $process_person_profile: true } }),
      sdkEvent('$set', { token, distinctId: 'retry', properties: { $set: { plan: 'team' } } }),
    ]
    const request = encodeCapture('/e/', eventsBody(token, events), 'gzip-js')
    expect((await sendCapture(h.base, request)).status).toBe(200)
    const version = () =>
      h.db
        .prepare(
          'SELECT p.version FROM persons p JOIN person_distinct_ids d ON d.person_id = p.id WHERE d.team_id = ? AND d.distinct_id = ?',
        )
        .pluck()
        .get(projectId, 'retry')
    const before = version()
    expect((await sendCapture(h.base, request)).status).toBe(200)
    expect((await send('/batch/', eventsBody(token, events), 'base64-form')).status).toBe(200)
    expect(recentEvents(h.db, projectId, 50).filter((e) => e.distinct_id === 'retry')).toHaveLength(2)
    expect(version()).toBe(before)
  })

  it('corrects the sender’s clock by sent_at, as PostHog does, and never dates an event in the future', async () => {
    const skewed = new Date(Date.now() + 3_600_000) // the device's clock runs an hour ahead
    const event = sdkEvent('clocked', { token, distinctId: 'clock', timestamp: new Date(skewed.getTime() - 5_000) })
    const body = { api_key: token, batch: [event], sent_at: skewed.toISOString() }
    expect((await send('/e/', body)).status).toBe(200)
    const stored = recentEvents(h.db, projectId, 50).find((e) => e.uuid === event.uuid)!
    expect(Math.abs(stored.timestamp - (stored.inserted_at - 5_000))).toBeLessThan(1000)
    const future = sdkEvent('future', { token, distinctId: 'clock', timestamp: new Date(Date.now() + 86_400_000) })
    expect((await send('/e/', eventsBody(token, [future]))).status).toBe(200)
    const late = recentEvents(h.db, projectId, 50).find((e) => e.uuid === future.uuid)!
    expect(late.timestamp).toBeLessThanOrEqual(late.inserted_at)
  })

  it('gives an event sent without a uuid a stable one, so its replay is still stored once', async () => {
    const bare = { event: 'no-uuid', properties: { token, distinct_id: 'bare' }, timestamp: new Date().toISOString() }
    expect((await send('/e/', [bare])).status).toBe(200)
    expect((await send('/e/', [bare])).status).toBe(200)
    expect(recentEvents(h.db, projectId, 50).filter((e) => e.event === 'no-uuid')).toHaveLength(1)
  })
})

describe('recordings from $snapshot batches', () => {
  const start = Date.now() - 60_000

  it('derives the recording as PostHog does, and plays what arrived', async () => {
    const sessionId = randomUUID()
    const first = snapshotEvent({
      token,
      distinctId: 'rec-user',
      sessionId,
      events: rrwebSession(start, { url: 'https://shop.example/cart', clicks: 3, keys: 2, console: ['log', 'error'] }),
    })
    const res = await send('/s/', [first], 'gzip-js')
    expect(res.status).toBe(200)
    let row = await recording(sessionId)
    expect(row).toMatchObject({
      distinct_id: 'rec-user',
      click_count: 3,
      keypress_count: 2,
      mouse_activity_count: 6,
      console_log_count: 1,
      console_error_count: 1,
      console_warn_count: 0,
      start_url: 'https://shop.example/cart',
      snapshot_source: 'web',
      storage: 'object_storage',
      ongoing: true,
    })
    expect(row.start_time).toBe(new Date(start).toISOString())

    // A later batch extends it: sums, the later end, the earlier start's URL kept.
    const later = rrwebSession(start + 30_000, {
      url: 'https://shop.example/checkout',
      clicks: 1,
      keys: 0,
      console: ['warn'],
    })
    expect(
      (await send('/s/', [snapshotEvent({ token, distinctId: 'rec-user', sessionId, events: later })])).status,
    ).toBe(200)
    row = await recording(sessionId)
    expect(row).toMatchObject({ click_count: 4, console_warn_count: 1, start_url: 'https://shop.example/cart' })
    expect(row.recording_duration).toBe(Math.floor((later.at(-1)!.timestamp - start) / 1000))
    expect(row.active_seconds! + row.inactive_seconds!).toBe(row.recording_duration)

    const sources = snapshotSources.parse(
      (await h.api('GET', `/api/projects/${projectId}/session_recordings/${sessionId}/snapshots/`)).body,
    ).sources
    expect(sources).toHaveLength(2)
    const data = await fetch(
      `${h.base}/api/projects/${projectId}/session_recordings/${sessionId}/snapshots/?source=blob_v2&start_blob_key=0&end_blob_key=1`,
      { headers: { authorization: `Bearer ${h.key}` } },
    )
    const text = await data.text()
    expect(text).toContain('Hello from a captured page')
    expect(text.split('\n')).toHaveLength(first.properties.$snapshot_data.length + later.length)
  })

  it('stores a batch the SDK sends again only once (events and snapshots)', async () => {
    const sessionId = randomUUID()
    const batch = [
      snapshotEvent({
        token,
        distinctId: 'dup',
        sessionId,
        events: rrwebSession(start, { clicks: 2, console: ['error'] }),
      }),
    ]
    const request = encodeCapture('/s/', batch, 'gzip-js')
    expect((await sendCapture(h.base, request)).status).toBe(200)
    expect((await sendCapture(h.base, request)).status).toBe(200)
    expect((await send('/s/', batch, 'base64-form')).status).toBe(200)
    expect(listSnapshotSources(h.db, projectId, sessionId)).toHaveLength(1)
    expect(await recording(sessionId)).toMatchObject({ click_count: 2, console_error_count: 1 })
  })

  it('stores every one of many requests arriving at once (they share commits), each answered once stored', async () => {
    const sessions = Array.from({ length: 60 }, () => randomUUID())
    const answers = await Promise.all(
      sessions.map((sessionId, i) =>
        send(
          '/s/',
          [
            snapshotEvent({
              token,
              distinctId: `many-${i}`,
              sessionId,
              events: rrwebSession(start, { clicks: i % 4 }),
            }),
          ],
          'gzip-js',
        ),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual(sessions.map(() => 200))
    for (const [i, sessionId] of sessions.entries()) {
      expect(listSnapshotSources(h.db, projectId, sessionId)).toHaveLength(1)
      expect((await recording(sessionId)).click_count).toBe(i % 4)
    }
  })

  it('drops data for a session whose recording was deleted: it stays deleted', async () => {
    const sessionId = randomUUID()
    const batch = () => [snapshotEvent({ token, distinctId: 'gone', sessionId, events: rrwebSession(start) })]
    expect((await send('/s/', batch())).status).toBe(200)
    expect((await h.api('DELETE', `/api/projects/${projectId}/session_recordings/${sessionId}/`)).status).toBe(204)
    expect((await send('/s/', batch())).status).toBe(200)
    expect((await h.api('GET', `/api/projects/${projectId}/session_recordings/${sessionId}/`)).status).toBe(404)
    expect(listSnapshotSources(h.db, projectId, sessionId)).toHaveLength(0)
  })

  it('keeps only rrweb events with a plausible timestamp (no year 33658 in a list)', async () => {
    const sessionId = randomUUID()
    const events = [...rrwebSession(start), { type: 3, timestamp: 1e15, data: { source: 2, type: 2 } }, { type: 3 }]
    expect((await send('/s/', [snapshotEvent({ token, distinctId: 'clock', sessionId, events })])).status).toBe(200)
    const row = await recording(sessionId)
    expect(row.click_count).toBe(2)
    expect(new Date(row.end_time).getTime()).toBeLessThan(Date.now())
  })
})

describe('refusals: PostHog’s capture shape, nothing stored', () => {
  const event = () => sdkEvent('$pageview', { token, distinctId: 'refused' })
  const cases: [string, () => Promise<{ status: number; body: unknown }>, number, string][] = [
    [
      'no token',
      () => send('/e/', { batch: [{ event: 'x', properties: { distinct_id: 'a' } }] }),
      401,
      'missing_api_key',
    ],
    ['an unknown token', () => send('/e/', eventsBody('phc_nope', [event()])), 401, 'invalid_api_key'],
    ['a personal API key', () => send('/e/', eventsBody('phx_abc', [event()])), 401, 'personal_api_key'],
    [
      'two tokens in one batch',
      () => send('/e/', eventsBody(token, [event(), sdkEvent('$pageview', { token: 'phc_other', distinctId: 'b' })])),
      401,
      'multiple_tokens',
    ],
    ['an empty body', () => raw('/e/', { body: '' }), 400, 'no_data'],
    [
      'malformed JSON',
      () => raw('/e/', { body: '{"api_key":', headers: { 'content-type': 'application/json' } }),
      400,
      'invalid_payload',
    ],
    [
      'truncated gzip',
      () => raw('/e/', { body: gzipSync(JSON.stringify(eventsBody(token, [event()]))).subarray(0, 30) }),
      400,
      'invalid_payload',
    ],
    [
      'gzip that is not UTF-8',
      () => raw('/e/', { body: gzipSync(Buffer.from([0xff, 0xfe, 0x00])) }),
      400,
      'invalid_payload',
    ],
    [
      'bad base64',
      () =>
        raw('/e/?compression=base64', {
          body: 'data=%%%###',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      400,
      'invalid_payload',
    ],
    [
      'lz64',
      () =>
        raw('/e/?compression=lz64', {
          body: 'data=abc',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      400,
      'invalid_payload',
    ],
    [
      'an unknown Content-Encoding',
      () => raw('/e/', { body: 'x', headers: { 'content-encoding': 'br' } }),
      415,
      'unsupported_content_encoding',
    ],
    [
      'an event without distinct_id',
      () => send('/e/', eventsBody(token, [event(), { event: 'x', properties: { token } }])),
      400,
      'invalid_payload',
    ],
    [
      'an event without a name',
      () => send('/e/', eventsBody(token, [{ properties: { token, distinct_id: 'a' } }])),
      400,
      'invalid_payload',
    ],
    ['a null event', () => send('/e/', eventsBody(token, [event(), null])), 400, 'invalid_payload'],
    [
      'a snapshot without a session id',
      () =>
        send('/s/', [
          {
            ...snapshotEvent({ token, distinctId: 'a', sessionId: 's', events: [] }),
            properties: { token, distinct_id: 'a', $window_id: 'w', $snapshot_data: [] },
          },
        ]),
      400,
      'invalid_payload',
    ],
    [
      'a gzip bomb (a few KB that inflate past 20 MiB)',
      () => raw('/e/', { body: gzipSync(Buffer.alloc(21 * 1024 * 1024, 0x20)) }),
      413,
      'payload_too_large',
    ],
    [
      'a body over 10 MiB',
      () => raw('/s/', { body: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20) }),
      413,
      'payload_too_large',
    ],
  ]

  it.each(cases)('%s', async (_, request, status, code) => {
    const before = h.rowsWritten()
    const res = await request()
    expect(res.status).toBe(status)
    expect(res.body).toMatchObject({ code, detail: expect.any(String) })
    expect(Object.keys(res.body as object).sort()).toEqual(['attr', 'code', 'detail', 'type'])
    expect(h.rowsWritten()).toBe(before)
  })

  it('names the missing field and the way out', async () => {
    const res = await send('/e/', eventsBody(token, [{ event: 'x', properties: { token } }]))
    expect(res.body).toEqual({
      type: 'validation_error',
      code: 'invalid_payload',
      detail: 'Invalid payload: All events must have the event field "distinct_id"!',
      attr: 'distinct_id',
    })
    const none = await send('/e/', { batch: [{ event: 'x', properties: { distinct_id: 'a' } }] })
    expect(none.body).toMatchObject({
      type: 'authentication_error',
      detail: 'API key not provided. You can find your project API key in PostHog project settings.',
    })
  })
})

describe('CORS, config and the SDK’s bundles', () => {
  it('answers preflights from any origin without credentials; /api gets no CORS', async () => {
    const pre = await fetch(`${h.base}/e/`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://site.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-origin')).toBe('*')
    expect(pre.headers.get('access-control-allow-headers')).toBe('content-type')
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull()
    const post = await send('/e/', eventsBody(token, [sdkEvent('x', { token, distinctId: 'c' })]))
    expect(post.headers.get('access-control-allow-origin')).toBe('*')
    const refused = await send('/e/', eventsBody('phc_nope', [sdkEvent('x', { token, distinctId: 'c' })]))
    expect(refused.headers.get('access-control-allow-origin')).toBe('*')
    const api = await fetch(`${h.base}/api/projects/`, {
      method: 'OPTIONS',
      headers: { origin: 'http://site.example' },
    })
    expect(api.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('serves the remote config that turns recording on, as JSON and as config.js', async () => {
    const json = await fetch(`${h.base}/array/${token}/config`)
    expect(json.status).toBe(200)
    expect(await json.json()).toMatchObject({
      token,
      supportedCompression: ['gzip', 'gzip-js'],
      sessionRecording: { endpoint: '/s/', consoleLogRecordingEnabled: true },
    })
    const js = await (await fetch(`${h.base}/array/${token}/config.js`)).text()
    expect(js).toContain(`window._POSTHOG_REMOTE_CONFIG[${JSON.stringify(token)}]`)
    expect((await fetch(`${h.base}/array/phc_unknown/config`)).status).toBe(401)
  })

  it('answers flags with none, and the config when asked', async () => {
    const res = await send('/flags/?v=2&config=true', { token, distinct_id: 'f' }, 'gzip-js')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      flags: {},
      errorsWhileComputingFlags: false,
      sessionRecording: { endpoint: '/s/' },
    })
    expect((await send('/flags/?v=2', { token: 'phc_nope', distinct_id: 'f' })).status).toBe(401)
  })

  it('serves posthog-js’s bundles from the package, gzipped, and nothing else', async () => {
    const array = await fetch(`${h.base}/static/array.js`, { headers: { 'accept-encoding': 'gzip' } })
    expect(array.status).toBe(200)
    expect(array.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(array.headers.get('access-control-allow-origin')).toBe('*')
    expect((await array.text()).length).toBeGreaterThan(100_000)
    expect((await fetch(`${h.base}/static/lazy-recorder.js?v=1`)).status).toBe(200)
    for (const path of [
      '/static/nope.js',
      '/static/..%2Fpackage.json',
      '/static/array.js.map',
      '/static/0.0.1/array.js',
    ])
      expect((await fetch(h.base + path)).status).toBe(404)
  })
})
