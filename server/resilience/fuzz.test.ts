import fc from 'fast-check'
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { batchExport, errorBody, paginated, sessionRecording } from '../../src/contracts'
import { ROUTES } from '../app'
import type { RouteDef } from '../http/route'
import { unwrap } from '../http/zod-walk'
import { SAMPLE_BODIES } from '../test/samples'
import { startHarness, demoIds, type Harness } from '../test/harness'

let h: Harness
let ids: { orgId: string; projectId: string; exportId: string; recordingId: string }

/**
 * Every table's content except bookkeeping that reads may touch: a key's last_used_at, and the change
 * counter it moves (written at most once a minute, so a slow run crosses that minute).
 */
function fingerprint() {
  const hash = createHash('sha256')
  const tables = h.db
    .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .pluck()
    .all()
  for (const name of tables) {
    const rows = h.db.prepare<[], Record<string, unknown>>(`SELECT * FROM "${name}" ORDER BY rowid`).all()
    for (const row of rows) {
      if (name === 'table_versions' && row.name === 'personal_api_keys') continue
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
// Ids that exist (the demo's small project ids, `@current`) are not bad ids.
const badId = fc
  .oneof(nasty, fc.constantFrom('00000000-0000-0000-0000-000000000000', '-1', '0', '1.5', '99999999999999999999'))
  .filter((id) => !/^\s*\d{1,3}\s*$/.test(id) && id.trim() !== '@current')
const badNumber = fc.oneof(
  fc.integer({ min: -1_000_000, max: -1 }).map(String),
  fc.double({ noInteger: true }).map(String),
  fc.constantFrom('abc', '', '1e3', '0x10', ' 5', '5 ', '+5', '9'.repeat(30), '0', '-0'),
)
const jsonValue = fc.jsonValue({ maxDepth: 3 })

/** The JSON type a body field's schema takes, to send it something else. */
function kindOf(schema: z.core.$ZodType): string {
  const type = unwrap(schema)._zod.def.type
  if (type === 'enum' || type === 'literal' || type === 'template_literal') return 'string'
  if (type === 'union') return 'union'
  if (type === 'record') return 'object'
  return type
}
const WRONG_VALUES: Record<string, fc.Arbitrary<unknown>> = {
  string: fc.oneof(fc.integer(), fc.boolean(), fc.array(fc.string(), { maxLength: 2 }), fc.constant({ a: 1 })),
  number: fc.oneof(fc.string({ maxLength: 5 }), fc.boolean(), fc.constant([1]), fc.constant({ a: 1 })),
  boolean: fc.oneof(fc.constantFrom('yes', 'true', 'no', ''), fc.integer(), fc.constant([]), fc.constant({})),
  object: fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean(), fc.constant([1, 2])),
  array: fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean(), fc.constant({ a: 1 })),
}

/** Each route's declared top-level body fields that take one JSON type (z.unknown() fields take anything). */
function typedFields(def: RouteDef): [field: string, kind: string][] {
  const body = unwrap(def.body!)
  const shape: Record<string, z.core.$ZodType> = body instanceof z.core.$ZodObject ? body._zod.def.shape : {}
  return Object.entries(shape)
    .map(([field, schema]): [string, string] => [field, kindOf(schema)])
    .filter(([, kind]) => kind in WRONG_VALUES)
}
const withBody = ROUTES.filter((r) => r.body && typedFields(r).length > 0)

/** A valid body with one declared field given a value of the wrong JSON type (and junk keys DRF ignores). */
const wrongTyped = fc
  .constantFrom(...withBody)
  .chain((def) =>
    fc.constantFrom(...typedFields(def)).chain(([field, kind]) =>
      fc.record({
        def: fc.constant(def),
        field: fc.constant(field),
        value: WRONG_VALUES[kind]!,
        junk: fc.dictionary(
          fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !/^[a-z_]+$/.test(k)),
          jsonValue,
          { maxKeys: 2 },
        ),
      }),
    ),
  )
  .map(({ def, field, value, junk }) => ({
    def,
    field,
    body: { ...junk, ...SAMPLE_BODIES[`${def.method} ${def.path}`], [field]: value },
  }))

/** A body that is always wrong somehow: broken JSON, a non-object, a wrongly typed field (with prototype keys). */
const badBody = (def: RouteDef) =>
  fc.oneof(
    fc.constantFrom('{', '{"name": }', '[1,', 'nul', '{"a":1,}', "{'name': 'x'}", '\u0000', '{"name":"\uD800"'),
    jsonValue.filter((v) => v === null || typeof v !== 'object' || Array.isArray(v)).map((v) => JSON.stringify(v)),
    wrongTyped.filter((w) => w.def === def).map((w) => JSON.stringify(w.body)),
    wrongTyped
      .filter((w) => w.def === def)
      .chain((w) =>
        jsonValue.map(
          (v) =>
            `{"__proto__": ${JSON.stringify(v)}, "constructor": {"prototype": {"polluted": true}}, ${JSON.stringify(w.body).slice(1)}`,
        ),
      ),
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

const pathOf = (r: RouteDef) =>
  pathWith(r.path, (n) =>
    n === 'id' && r.path.startsWith('/api/organizations/:id')
      ? ids.orgId
      : n === 'id' && r.path.includes('batch_exports')
        ? ids.exportId
        : realId(n),
  )

const request: fc.Arbitrary<Req> = fc.oneof(
  // A write with a malformed body and a matching or wrong content type.
  fc
    .constantFrom(...withBody)
    .chain((r) => fc.record({ r: fc.constant(r), body: badBody(r), type: contentType }))
    .map(({ r, body, type }) => ({ method: r.method, path: pathOf(r), body, type })),
  // Any route with an invalid id in one of its path parameters.
  fc.record({ r: fc.constantFrom(...ROUTES.filter((r) => r.path.includes(':'))), id: badId }).map(({ r, id }) => ({
    method: r.method,
    path: pathWith(r.path, () => id),
    body: r.body ? '{}' : undefined,
    type: 'application/json',
  })),
  // Wrong methods.
  fc
    .record({ r: fc.constantFrom(...ROUTES), m: fc.constantFrom('OPTIONS', 'HEAD', 'PUT') })
    .filter(({ r, m }) => !ROUTES.some((other) => other.path === r.path && other.method === m))
    .map(({ r, m }) => ({ method: m, path: pathWith(r.path, realId) })),
)

beforeAll(async () => {
  h = await startHarness()
  const demo = await demoIds(h)
  const exports = await h.call(paginated(batchExport), 'GET', `/api/organizations/${demo.orgId}/batch_exports/`)
  const recordings = await h.call(
    paginated(sessionRecording),
    'GET',
    `/api/projects/${demo.projectId}/session_recordings/?limit=1`,
  )
  const exportId = exports.body.results[0]!.id
  const recordingId = recordings.body.results[0]!.id
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

describe('fuzzing what DRF forgives', () => {
  it('answers a wrongly typed field as invalid, never as "This field is required."', async () => {
    await fc.assert(
      fc.asyncProperty(wrongTyped, async ({ def, field, body }) => {
        const res = await h.call(errorBody, def.method, pathOf(def), { body })
        expect(res.status).toBe(400)
        expect(res.body.code).not.toBe('required')
        expect(res.body.attr === field || res.body.attr?.startsWith(`${field}__`)).toBe(true)
      }),
      { numRuns: 1500, seed: 20261123 },
    )
  }, 120_000)

  it('serves the default page for a limit or offset DRF would not parse, and writes nothing', async () => {
    const before = fingerprint()
    // Every list paginated as DRF's LimitOffsetPagination (batch export logs take their own strict limit).
    const lists = ROUTES.filter(
      (r) =>
        r.method === 'GET' &&
        r.query instanceof z.core.$ZodObject &&
        'limit' in r.query._zod.def.shape &&
        !r.path.endsWith('logs/'),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.record({ r: fc.constantFrom(...lists), p: fc.constantFrom('limit', 'offset'), v: badNumber }),
        async ({ r, p, v }) => {
          const res = await h.api('GET', `${pathOf(r)}?${p}=${encode(v)}`)
          expect(res.status).toBe(200)
        },
      ),
      { numRuns: 1000, seed: 20261124 },
    )
    expect(fingerprint()).toBe(before)
  }, 120_000)
})
