import fc from 'fast-check'
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '../../src/contracts'
import { ROUTES } from '../app'
import { startHarness, demoIds, type Harness } from '../test/harness'

let h: Harness
let ids: { orgId: string; projectId: string; exportId: string; recordingId: string }

/** Every table's content except bookkeeping that reads may touch (last_used_at). */
function fingerprint() {
  const hash = createHash('sha256')
  const tables = h.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
    name: string
  }[]
  for (const { name } of tables) {
    const rows = h.db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all() as Record<string, unknown>[]
    for (const row of rows) {
      delete row.last_used_at
      hash.update(JSON.stringify(row))
    }
  }
  return hash.digest('hex')
}

const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    '\uD800',
    '😀'.repeat(50),
    'null',
    '-1',
    '1e309',
    'NaN',
    '../../etc/passwd',
    '%',
    '%ZZ',
    'x'.repeat(5000),
  ),
)
const badId = fc.oneof(
  nasty,
  fc.constantFrom('00000000-0000-0000-0000-000000000000', '-1', '0', '1.5', '99999999999999999999'),
)
const badNumber = fc.oneof(
  fc.integer({ min: -1_000_000, max: -1 }).map(String),
  fc.double({ noInteger: true }).map(String),
  fc.constantFrom('abc', '', '1e3', '0x10', ' 5', '5 ', '+5', '9'.repeat(30)),
)
const jsonValue = fc.jsonValue({ maxDepth: 3 })

/** A body that is always wrong somehow: broken JSON, wrong shape, unknown or prototype keys. */
const badBody = fc.oneof(
  fc.constantFrom('{', '{"name": }', '[1,', 'nul', '{"a":1,}', "{'name': 'x'}", '\u0000', '{"name":"\uD800"'),
  fc
    .record({ k: fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !/^[a-z_]+$/.test(k)), v: jsonValue })
    .map(({ k, v }) => JSON.stringify({ [k]: v, unexpected_field_xyz: v })),
  jsonValue.filter((v) => v === null || typeof v !== 'object' || Array.isArray(v)).map((v) => JSON.stringify(v)),
  jsonValue.map((v) => `{"__proto__": ${JSON.stringify(v)}, "constructor": {"prototype": {"polluted": true}}}`),
  fc.constantFrom(
    '{"name": "a", "name": 5}',
    '{"paused": "true", "paused": "yes"}',
    '{"enabled": 1}',
    '{"viewed": "no"}',
  ),
  fc
    .record({ name: fc.oneof(fc.integer(), fc.boolean(), fc.constant('x'.repeat(70_000))) })
    .map((b) => JSON.stringify(b)),
)

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  '',
)

type Req = { method: string; path: string; body?: string; type?: string }

/** Percent-encodes, replacing lone surrogates (which URLs cannot carry) first. */
const encode = (s: string) => encodeURIComponent(s.toWellFormed())

function pathWith(path: string, substitute: (name: string) => string) {
  return path.replace(/:(\w+)/g, (_, name: string) => encode(substitute(name)))
}

const realId = (name: string) =>
  ({ organization_id: ids.orgId, project_id: ids.projectId, recording_id: ids.recordingId })[name] ?? ids.recordingId

const request: fc.Arbitrary<Req> = fc.oneof(
  // A write with a malformed body and a matching or wrong content type.
  fc
    .record({ r: fc.constantFrom(...ROUTES.filter((r) => r.body)), body: badBody, type: contentType })
    .map(({ r, body, type }) => ({
      method: r.method,
      path: pathWith(r.path, (n) =>
        n === 'id' && r.path.startsWith('/api/organizations/:id')
          ? ids.orgId
          : n === 'id' && r.path.includes('batch_exports')
            ? ids.exportId
            : realId(n),
      ),
      body,
      type,
    })),
  // Any route with an invalid id in one of its path parameters.
  fc.record({ r: fc.constantFrom(...ROUTES.filter((r) => r.path.includes(':'))), id: badId }).map(({ r, id }) => ({
    method: r.method,
    path: pathWith(r.path, () => id),
    body: r.body ? '{}' : undefined,
    type: 'application/json',
  })),
  // Lists with broken pagination.
  fc
    .record({
      r: fc.constantFrom(...ROUTES.filter((r) => r.method === 'GET' && r.query)),
      p: fc.constantFrom('limit', 'offset'),
      v: badNumber,
    })
    .map(({ r, p, v }) => ({
      method: 'GET',
      path: `${pathWith(r.path, (n) => (n === 'id' ? ids.exportId : realId(n)))}?${p}=${encode(v)}`,
    })),
  // Wrong methods.
  fc.record({ r: fc.constantFrom(...ROUTES), m: fc.constantFrom('PUT', 'OPTIONS', 'HEAD') }).map(({ r, m }) => ({
    method: m,
    path: pathWith(r.path, realId),
  })),
)

beforeAll(async () => {
  h = await startHarness()
  const demo = await demoIds(h)
  const exportId = (await h.api('GET', `/api/organizations/${demo.orgId}/batch_exports/`)).body.results[0].id
  const recordingId = (await h.api('GET', `/api/projects/${demo.projectId}/session_recordings/?limit=1`)).body
    .results[0].id
  ids = { orgId: demo.orgId, projectId: String(demo.projectId), exportId, recordingId }
})
afterAll(() => h.close())

describe('fuzzing every endpoint with malformed requests', () => {
  it('answers 10 000 malformed requests with 4xx in the error shape and leaves the database unchanged', async () => {
    const before = fingerprint()
    let sent = 0
    await fc.assert(
      fc.asyncProperty(request, async (req) => {
        const headers: Record<string, string> = { authorization: `Bearer ${h.key}` }
        if (req.type) headers['content-type'] = req.type
        const res = await fetch(h.base + req.path, { method: req.method, headers, body: req.body })
        sent++
        const text = await res.text()
        if (res.status < 400 || res.status >= 500)
          throw new Error(`${req.method} ${req.path} ${req.body ?? ''} → ${res.status} ${text}`)
        if (req.method !== 'HEAD') errorBody.parse(JSON.parse(text))
      }),
      { numRuns: 10_000, seed: 20261122 },
    )
    expect(sent).toBeGreaterThanOrEqual(10_000)
    expect(fingerprint()).toBe(before)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  }, 180_000)
})
