import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { batchExport, errorBody, organization, paginated, sessionRecording } from '../../src/contracts'
import { ROUTES } from '../app'
import { startHarness, demoIds, type Harness } from '../test/harness'
import type { RouteDef } from '../http/route'
import { SAMPLE_BODIES } from '../test/samples'
import { TEXTS } from './access'

let h: Harness
let ids: Record<string, string>
let partnerOrgId: string
let secondProjectId: number

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

/** Where a route sits in PostHog's permission model (posthog/permissions.py, posthog/api/routing.py). */
type Kind = 'user' | 'top-level' | 'organization' | 'organization-nested' | 'project' | 'project-nested'
function kindOf(def: RouteDef): Kind {
  if (def.scope === null) return 'user'
  if (def.path === '/api/organizations/' || def.path === '/api/projects/') return 'top-level'
  if (def.path.startsWith('/api/organizations/:id/')) return 'organization'
  if (def.path.startsWith('/api/organizations/:organization_id/')) return 'organization-nested'
  if (def.path === '/api/projects/:id/') return 'project'
  return 'project-nested'
}

beforeAll(async () => {
  h = await startHarness()
  const demo = await demoIds(h)
  secondProjectId = demo.secondProjectId
  const orgs = await h.call(paginated(organization), 'GET', '/api/organizations/')
  partnerOrgId = orgs.body.results.find((o) => o.name === 'Partner Agency')!.id
  const exports = (await h.call(paginated(batchExport), 'GET', `/api/organizations/${demo.orgId}/batch_exports/`)).body
    .results
  const recordings = (
    await h.call(paginated(sessionRecording), 'GET', `/api/projects/${demo.projectId}/session_recordings/`)
  ).body.results
  const throwaway = (await h.call(organization, 'POST', '/api/organizations/', { body: { name: 'Throwaway' } })).body
  ids = {
    orgId: demo.orgId,
    projectId: String(demo.projectId),
    exportId: exports[0]!.id,
    throwawayExport: exports[1]!.id,
    recordingId: recordings[0]!.id,
    throwawayRecording: recordings[1]!.id,
    throwawayOrg: throwaway.id,
    runId: exports[0]!.latest_runs[0]!.id,
  }
})
afterAll(() => h.close())

const scoped = ROUTES.filter((r) => r.scope !== null)
const keyless = ROUTES.filter((r) => r.scope === null)
const call = (def: RouteDef, key: string) =>
  h.api(def.method, pathFor(def), { key, body: SAMPLE_BODIES[`${def.method} ${def.path}`] })
const denied = (detail: string) => ({ type: 'authentication_error', code: 'permission_denied', detail, attr: null })

describe('scope matrix', () => {
  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: no key → 401, bad key → 401',
    async (_, def) => {
      const noKey = await h.call(errorBody, def.method, pathFor(def), {
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
      const badKey = await h.call(errorBody, def.method, pathFor(def), { key: 'phx_' + 'x'.repeat(43) })
      expect(badKey.status).toBe(401)
      expect(badKey.body.code).toBe('authentication_failed')
      expect(badKey.body.detail).toBe('Personal API key found in request Authorization header is invalid.')
    },
  )

  it.each(scoped.map((r) => [`${r.method} ${r.path} (${r.scope})`, r] as const))('%s', async (_, def) => {
    const scope = def.scope!
    const [object, action] = scope.split(':')
    const other = object === 'organization' ? 'session_recording:write' : 'organization:write'
    const missing = await call(def, h.keyWith([other]))
    expect(missing.status).toBe(403)
    expect(missing.body).toEqual(denied(`API key missing required scope '${scope}'`))
    const readOnly = await call(def, h.keyWith([`${object}:read`]))
    if (action === 'write') expect(readOnly.status).toBe(403)
    else expect(readOnly.status).toBeLessThan(300)
    const write = await call(def, h.keyWith([`${object}:write`]))
    expect([401, 403]).not.toContain(write.status)
    expect(write.status).toBeLessThan(500)
    const star = await call(def, h.keyWith(['*']))
    expect([401, 403]).not.toContain(star.status)
  })

  it.each(keyless.map((r) => [`${r.method} ${r.path}`, r] as const))('%s works with any valid key', async (_, def) => {
    const res = await h.api(def.method, pathFor(def), { key: h.keyWith(['batch_export:read']) })
    expect(res.status).toBe(200)
  })
})

// PostHog's APIScopePermission.check_team_and_org_permissions: a key scoped to projects reaches only
// project-based endpoints of those projects; a key scoped to organizations only those organizations.
describe('scoped_teams over every route', () => {
  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_, def) => {
    const own = h.keyWith(['*'], { teams: [Number(ids.projectId)] })
    const elsewhere = h.keyWith(['*'], { teams: [secondProjectId] })
    const kind = kindOf(def)
    const mine = await call(def, own)
    const theirs = await call(def, elsewhere)
    if (kind === 'user') {
      expect([mine.status, theirs.status]).toEqual([200, 200])
    } else if (kind === 'top-level' || kind === 'organization' || kind === 'organization-nested') {
      for (const res of [mine, theirs]) {
        expect(res.status).toBe(403)
        expect(res.body).toEqual(denied(TEXTS.projectScopedKey))
      }
    } else if (kind === 'project') {
      expect(mine.status).toBe(200)
      expect(theirs.status).toBe(404)
      expect(errorBody.parse(theirs.body).detail).toBe('Not found.')
    } else {
      expect([401, 403]).not.toContain(mine.status)
      expect(mine.status).toBeLessThan(500)
      expect(theirs.status).toBe(403)
      expect(theirs.body).toEqual(denied(`API key does not have access to the requested project: ID ${ids.projectId}.`))
    }
  })
})

describe('scoped_organizations over every route', () => {
  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_, def) => {
    const elsewhere = h.keyWith(['*'], { organizations: [partnerOrgId] })
    const res = await call(def, elsewhere)
    const kind = kindOf(def)
    if (kind === 'user' || kind === 'top-level') {
      expect(res.status).toBeLessThan(300)
    } else if (kind === 'organization' || kind === 'project') {
      expect(res.status).toBe(404)
      expect(errorBody.parse(res.body).detail).toBe('Not found.')
    } else {
      expect(res.status).toBe(403)
      expect(res.body).toEqual(denied(`API key does not have access to the requested organization: ID ${ids.orgId}.`))
    }
  })
})
