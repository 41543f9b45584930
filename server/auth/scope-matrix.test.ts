import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROUTES } from '../app'
import { startHarness, demoIds, type Harness } from '../test/harness'
import type { RouteDef } from '../http/route'

let h: Harness
let ids: Record<string, string>

const SAMPLE_BODIES: Record<string, unknown> = {
  'POST /api/organizations/': { name: 'Matrix Org' },
  'PATCH /api/organizations/:id/': { name: 'Demo Org' },
  'POST /api/organizations/:organization_id/batch_exports/': {
    name: 'Matrix',
    interval: 'hour',
    destination: { type: 'NoOp', config: {} },
  },
  'PATCH /api/organizations/:organization_id/batch_exports/:id/': { paused: false },
  'POST /api/organizations/:organization_id/batch_exports/:id/backfill/': {
    start_at: '2026-01-01T00:00:00Z',
    end_at: '2026-01-01T01:00:00Z',
  },
  'PATCH /api/projects/:project_id/session_recordings/:id/': { viewed: true },
  'PATCH /api/projects/:project_id/session_recordings/:recording_id/sharing/': { enabled: false },
  'POST /api/projects/:project_id/session_recordings/ai/regex/': { regex: 'contains checkout' },
  'POST /api/projects/:project_id/session_recordings/ai/filters/': {
    messages: [{ role: 'user', content: 'longest first' }],
  },
}

function pathFor(def: RouteDef) {
  // The connection test lists the steps of one destination type, named in the query.
  if (def.path.endsWith('/batch_exports/test/')) return `${fill(def)}?destination=NoOp`
  return fill(def)
}

function fill(def: RouteDef) {
  return def.path.replace(/:(\w+)/g, (_, name: string) => {
    if (name === 'run_id') return ids.runId!
    if (name === 'id' && def.path.startsWith('/api/organizations/:id/'))
      return def.method === 'DELETE' ? ids.throwawayOrg! : ids.orgId!
    if (name === 'id' && def.path.includes('batch_exports'))
      return def.method === 'DELETE' ? ids.throwawayExport! : ids.exportId!
    if (name === 'id' && def.path.includes('session_recordings'))
      return def.method === 'DELETE' ? ids.throwawayRecording! : ids.recordingId!
    if (name === 'id') return ids.projectId!
    return ids[name === 'organization_id' ? 'orgId' : name === 'project_id' ? 'projectId' : 'recordingId']!
  })
}

beforeAll(async () => {
  h = await startHarness()
  const demo = await demoIds(h)
  const exports = (await h.api('GET', `/api/organizations/${demo.orgId}/batch_exports/`)).body.results
  const recordings = (await h.api('GET', `/api/projects/${demo.projectId}/session_recordings/`)).body.results
  const throwaway = (await h.api('POST', '/api/organizations/', { body: { name: 'Throwaway' } })).body
  ids = {
    orgId: demo.orgId,
    projectId: String(demo.projectId),
    exportId: exports[0].id,
    throwawayExport: exports[1].id,
    recordingId: recordings[0].id,
    throwawayRecording: recordings[1].id,
    throwawayOrg: throwaway.id,
    runId: exports[0].latest_runs[0].id,
  }
})
afterAll(() => h.close())

const scoped = ROUTES.filter((r) => r.scope !== null)
const keyless = ROUTES.filter((r) => r.scope === null)

describe('scope matrix', () => {
  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: no key → 401, bad key → 401',
    async (_, def) => {
      const noKey = await h.api(def.method, pathFor(def), {
        key: null,
        body: SAMPLE_BODIES[`${def.method} ${def.path}`],
      })
      expect(noKey.status).toBe(401)
      expect(noKey.body).toEqual({
        type: 'authentication_error',
        code: 'not_authenticated',
        detail: 'Authentication credentials were not provided.',
        attr: null,
      })
      const badKey = await h.api(def.method, pathFor(def), { key: 'phx_' + 'x'.repeat(43) })
      expect(badKey.status).toBe(401)
      expect(badKey.body.code).toBe('authentication_failed')
      expect(badKey.body.detail).toBe('Personal API key found in request Authorization header is invalid.')
    },
  )

  it.each(scoped.map((r) => [`${r.method} ${r.path} (${r.scope})`, r] as const))('%s', async (_, def) => {
    const scope = def.scope!
    const [object, action] = scope.split(':')
    const body = SAMPLE_BODIES[`${def.method} ${def.path}`]
    const call = (scopes: string[]) => h.api(def.method, pathFor(def), { key: h.keyWith(scopes), body })
    const other = object === 'organization' ? 'session_recording:write' : 'organization:write'
    const missing = await call([other])
    expect(missing.status).toBe(403)
    expect(missing.body).toEqual({
      type: 'authentication_error',
      code: 'permission_denied',
      detail: `API key missing required scope '${scope}'`,
      attr: null,
    })
    const readOnly = await call([`${object}:read`])
    if (action === 'write') expect(readOnly.status).toBe(403)
    else expect(readOnly.status).toBeLessThan(300)
    const write = await call([`${object}:write`])
    expect([401, 403]).not.toContain(write.status)
    expect(write.status).toBeLessThan(500)
    const star = await call(['*'])
    expect([401, 403]).not.toContain(star.status)
  })

  it.each(keyless.map((r) => [`${r.method} ${r.path}`, r] as const))('%s works with any valid key', async (_, def) => {
    const res = await h.api(def.method, pathFor(def), { key: h.keyWith(['batch_export:read']) })
    expect(res.status).toBe(200)
  })
})
