import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { snapshotSources } from '../../src/contracts/session-recording-snapshots'
import { sharingConfiguration } from '../../src/contracts/session-recordings'
import { writeTransaction } from '../db/database'
import type { RecordingRow } from '../db/recordings'
import { corruptSnapshotChunk } from '../db/snapshot-faults'
import { appendSnapshotChunks, listSnapshotSources } from '../db/snapshots'
import { demoIds, startHarness, type Harness } from '../test/harness'
import { decoded, rawRequest } from '../test/raw-http'

let h: Harness
let projectId: number
let secondProjectId: number
let done: RecordingRow // a finished demo recording with clicks, several chunks and console errors
beforeAll(async () => {
  h = await startHarness()
  ;({ projectId, secondProjectId } = await demoIds(h))
  done = h.db
    .prepare<[number, number], RecordingRow>(
      `SELECT * FROM session_recordings WHERE team_id = ? AND end_time < ? AND click_count > 2 AND console_error_count > 0
       AND (SELECT COUNT(*) FROM session_recording_snapshots s WHERE s.team_id = session_recordings.team_id
            AND s.session_id = session_recordings.id) >= 3 ORDER BY rid LIMIT 1`,
    )
    .get(projectId, Date.now() - 10 * 60_000)!
})
afterAll(() => h.close())

const path = (id: string, query = '', project = projectId) =>
  `/api/projects/${project}/session_recordings/${encodeURIComponent(id)}/snapshots/${query}`
const lines = (text: string) =>
  text.split('\n').map((l) => JSON.parse(l) as [string, { type: number; timestamp: number; data?: any }]) // eslint-disable-line @typescript-eslint/no-explicit-any
const errorShape = {
  type: expect.any(String),
  code: expect.any(String),
  detail: expect.any(String),
  attr: expect.anything(),
}

describe('snapshots: sources, then data', () => {
  it('lists a demo recording’s sources in PostHog’s shape, blob keys 0…n-1 in time order', async () => {
    const res = await h.api('GET', path(done.id))
    expect(res.status).toBe(200)
    const { sources } = snapshotSources.parse(res.body)
    expect(sources.length).toBeGreaterThanOrEqual(3)
    expect(sources.map((s) => s.blob_key)).toEqual(sources.map((_, i) => String(i)))
    expect(new Set(sources.map((s) => s.source))).toEqual(new Set(['blob_v2']))
    expect(sources[0]!.start_timestamp).toBe(new Date(done.start_time).toISOString())
    expect(sources.at(-1)!.end_timestamp).toBe(new Date(done.end_time).toISOString())
  })

  it('answers a range of blob keys as JSONL, the whole stream in order, clicks as the row counts them', async () => {
    const n = listSnapshotSources(h.db, projectId, done.id).length
    const res = await fetch(h.base + path(done.id, `?source=blob_v2&start_blob_key=0&end_blob_key=${n - 1}`), {
      headers: { authorization: `Bearer ${h.key}` },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/jsonl; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('no-store')
    const events = lines(await res.text())
    expect(events[0]![1]).toMatchObject({ type: 4, timestamp: done.start_time })
    expect(events[1]![1].type).toBe(2)
    expect(events.at(-1)![1].timestamp).toBe(done.end_time)
    const clicks = events.filter(([, e]) => e.type === 3 && e.data.source === 2 && e.data.type === 2)
    expect(clicks.length).toBe(done.click_count)
    // One key at a time gives the same lines.
    const oneByOne: string[] = []
    for (let i = 0; i < n; i++)
      oneByOne.push(
        String((await h.api('GET', path(done.id, `?source=blob_v2&start_blob_key=${i}&end_blob_key=${i}`))).body),
      )
    expect(lines(oneByOne.join('\n'))).toEqual(events)
  })

  it('streams chunk by chunk (chunked transfer, compressed as negotiated) without loading the session whole', async () => {
    const session = 'long-session-streamed'
    const big = 'x'.repeat(200_000)
    const chunks = Array.from({ length: 30 }, (_, i) => ({
      key: `batch-${i}`,
      windowId: 'w1',
      events: [{ type: 5, timestamp: 1_700_000_000_000 + i, data: { tag: 'blob', payload: { i, big } } }],
    }))
    appendSnapshotChunks(h.db, projectId, session, chunks)
    h.db
      .prepare(
        `INSERT INTO session_recordings (id, team_id, recording_duration, start_time, end_time) VALUES (?, ?, 1, ?, ?)`,
      )
      .run(session, projectId, 1_700_000_000_000, 1_700_000_000_029)
    const url = h.base + path(session, '?source=blob_v2&start_blob_key=0&end_blob_key=19')
    const authorization = `Bearer ${h.key}`
    // Negotiated as every other answer: brotli preferred, gzip when only it is accepted, identity when
    // refused; in every case chunked as produced, never a Content-Length.
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['x;q=zz', undefined],
    ] as const) {
      const raw = await rawRequest(url, { headers: { authorization, 'accept-encoding': accept } })
      expect(raw.status, accept).toBe(200)
      expect(raw.headers['transfer-encoding'], accept).toBe('chunked')
      expect(raw.headers['content-length'], accept).toBeUndefined()
      expect(raw.headers['content-encoding'], accept).toBe(encoding)
      expect(raw.headers.vary, accept).toBe('Accept-Encoding')
      const events = lines(decoded(raw).toString('utf8'))
      expect(events.map(([, e]) => e.data.payload.i)).toEqual(Array.from({ length: 20 }, (_, i) => i))
      expect(events.every(([w, e]) => w === 'w1' && e.data.payload.big === big)).toBe(true)
    }
  })

  it('stores a chunk once however often it is written (idempotent by chunk key), also inside a transaction', () => {
    const chunk = { key: 'uuid-1', windowId: 'w', events: [{ type: 4, timestamp: 1 }] }
    expect(appendSnapshotChunks(h.db, projectId, 'idempotent', [chunk, chunk])).toBe(1)
    writeTransaction(h.db, () => expect(appendSnapshotChunks(h.db, projectId, 'idempotent', [chunk])).toBe(0))
    expect(listSnapshotSources(h.db, projectId, 'idempotent')).toHaveLength(1)
  })

  it('plays what it can of a corrupt chunk: the rest of the range, and a line that names the bad chunk', async () => {
    const row = h.db
      .prepare<[number, string, number], RecordingRow>(
        `SELECT r.* FROM session_recordings r WHERE team_id = ? AND id != ? AND end_time < ?
         AND (SELECT COUNT(*) FROM session_recording_snapshots s WHERE s.team_id = r.team_id AND s.session_id = r.id) >= 3`,
      )
      .get(projectId, done.id, Date.now() - 10 * 60_000)!
    corruptSnapshotChunk(h.db, projectId, row.id, 1)
    const res = await h.api('GET', path(row.id, '?source=blob_v2&start_blob_key=0&end_blob_key=2'))
    expect(res.status).toBe(200)
    const parsed = String(res.body)
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(parsed.filter((l) => l.corrupt_blob_key === '1')).toHaveLength(1)
    expect(parsed.filter((l) => Array.isArray(l)).length).toBeGreaterThan(2)
  })
})

describe('snapshots: access', () => {
  it('needs session_recording:read', async () => {
    const without = h.keyWith(['organization:read', 'sharing_configuration:read'])
    const res = await h.api('GET', path(done.id), { key: without })
    expect(res.status).toBe(403)
    expect(res.body).toEqual({
      type: 'authentication_error',
      code: 'permission_denied',
      detail: "API key missing required scope 'session_recording:read'",
      attr: null,
    })
    expect((await h.api('GET', path(done.id), { key: h.keyWith(['session_recording:read']) })).status).toBe(200)
    expect((await h.api('GET', path(done.id), { key: null })).status).toBe(401)
  })

  it('is gone with the recording: the delete removes its chunks in the same transaction', async () => {
    const row = h.db
      .prepare<[number, string], RecordingRow>(
        'SELECT * FROM session_recordings WHERE team_id = ? AND id != ? AND deleted_at IS NULL ORDER BY rid DESC',
      )
      .get(projectId, done.id)!
    expect(listSnapshotSources(h.db, projectId, row.id, Infinity).length).toBeGreaterThan(0)
    expect((await h.api('DELETE', `/api/projects/${projectId}/session_recordings/${row.id}/`)).status).toBe(204)
    expect(listSnapshotSources(h.db, projectId, row.id, Infinity)).toEqual([])
    const res = await h.api('GET', path(row.id, '?source=blob_v2&start_blob_key=0&end_blob_key=0'))
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ type: 'invalid_request', code: 'not_found' })
  })

  it('works with the sharing token and no key only while sharing is on, and only for that recording', async () => {
    const sharing = `/api/projects/${projectId}/session_recordings/${done.id}/sharing/`
    const on = await h.call(sharingConfiguration, 'PATCH', sharing, { body: { enabled: true } })
    const token = on.body.access_token
    const shared = (query: string, id = done.id, project = projectId) =>
      h.api('GET', path(id, `?sharing_access_token=${token}${query}`, project), { key: null })

    const sources = await shared('')
    expect(sources.status).toBe(200)
    expect(snapshotSources.parse(sources.body).sources.length).toBeGreaterThan(0)
    const data = await shared('&source=blob_v2&start_blob_key=0&end_blob_key=0')
    expect(data.status).toBe(200)
    expect(lines(String(data.body))[0]![1].type).toBe(4)
    // PostHog's shared serializer: the recording's times and nothing else.
    const meta = await h.call(
      z.record(z.string(), z.unknown()),
      'GET',
      `/api/projects/${projectId}/session_recordings/${done.id}/?sharing_access_token=${token}`,
      { key: null },
    )
    expect(meta.status).toBe(200)
    expect(Object.keys(meta.body).sort()).toEqual(['end_time', 'id', 'recording_duration', 'start_time'])

    // Not another recording, not another project, not the list, not a write.
    const other = h.db
      .prepare<[number, string], string>('SELECT id FROM session_recordings WHERE team_id = ? AND id != ?')
      .pluck()
      .get(projectId, done.id)!
    for (const res of [
      await shared('', other),
      await shared('', done.id, secondProjectId),
      await h.api('GET', `/api/projects/${projectId}/session_recordings/?sharing_access_token=${token}`, { key: null }),
    ]) {
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ ...errorShape, type: 'authentication_error', code: 'permission_denied', attr: null })
    }
    const write = await h.api(
      'PATCH',
      `/api/projects/${projectId}/session_recordings/${done.id}/?sharing_access_token=${token}`,
      {
        key: null,
        body: { viewed: true },
      },
    )
    expect(write.status).toBe(401)

    const rotated = (await h.call(sharingConfiguration, 'POST', `${sharing}refresh/`)).body.access_token
    expect((await shared('')).status).toBe(401)
    expect((await shared('')).body).toMatchObject({ detail: 'Sharing access token is invalid.' })
    const withNew = await h.api('GET', path(done.id, `?sharing_access_token=${rotated}`), { key: null })
    expect(withNew.status).toBe(200)
    await h.api('PATCH', sharing, { body: { enabled: false } })
    expect((await h.api('GET', path(done.id, `?sharing_access_token=${rotated}`), { key: null })).status).toBe(401)
  })
})

describe('snapshots: bad input is a clear 4xx', () => {
  const foreign = () =>
    h.db
      .prepare<[number], string>('SELECT id FROM session_recordings WHERE team_id = ? LIMIT 1')
      .pluck()
      .get(secondProjectId)!

  it.each([
    ['an unknown recording', () => path('no-such-recording'), 404, null],
    ['another project’s recording under this project', () => path(foreign()), 404, null],
    ['a project that is not the caller’s', () => path(done.id, '', 999_999), 404, null],
    [
      'a malformed start key',
      () => path(done.id, '?source=blob_v2&start_blob_key=abc&end_blob_key=1'),
      400,
      'start_blob_key',
    ],
    [
      'a negative end key',
      () => path(done.id, '?source=blob_v2&start_blob_key=0&end_blob_key=-1'),
      400,
      'end_blob_key',
    ],
    ['a range without its end', () => path(done.id, '?source=blob_v2&start_blob_key=0'), 400, 'end_blob_key'],
    ['a range backwards', () => path(done.id, '?source=blob_v2&start_blob_key=2&end_blob_key=1'), 400, 'end_blob_key'],
    [
      'a range wider than 20 keys',
      () => path(done.id, '?source=blob_v2&start_blob_key=0&end_blob_key=21'),
      400,
      'end_blob_key',
    ],
    [
      'a key past the last chunk',
      () => path(done.id, '?source=blob_v2&start_blob_key=990&end_blob_key=999'),
      404,
      null,
    ],
    ['an unknown source', () => path(done.id, '?source=blob&blob_key=0'), 400, 'source'],
    ['a long-term-storage key', () => path(done.id, '?source=blob_v2_lts&blob_key=x/y'), 404, null],
    [
      'compressed blocks',
      () => path(done.id, '?source=blob_v2&start_blob_key=0&end_blob_key=0&decompress=false'),
      400,
      'decompress',
    ],
    ['an unknown parameter', () => path(done.id, '?limit=5'), 400, 'limit'],
  ])('%s', async (_, url, status, attr) => {
    const res = await h.api('GET', url())
    expect(res.status).toBe(status)
    expect(res.body).toEqual({ ...errorShape, attr })
  })
})
