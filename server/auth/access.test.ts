import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody, me, organization, paginated } from '../../src/contracts'
import { createOrganization } from '../db/organizations'
import { teamsOf } from '../db/teams'
import { createUser } from '../db/users'
import { startHarness, demoIds, type Harness } from '../test/harness'

let h: Harness
let ids: Awaited<ReturnType<typeof demoIds>>
let strangerOrg: string
let strangerProject: number
beforeAll(async () => {
  h = await startHarness()
  ids = await demoIds(h)
  const stranger = createUser(h.db, { email: 'stranger@example.com', first_name: 'S' })
  strangerOrg = createOrganization(h.db, stranger.id, { name: 'Not yours' })
  strangerProject = teamsOf(h.db, strangerOrg)[0]!.id
})
afterAll(() => h.close())

async function error(path: string, options: { key?: string; method?: string; body?: unknown } = {}) {
  return h.call(errorBody, options.method ?? 'GET', path, options)
}
const denied = (detail: string) => ({ type: 'authentication_error', code: 'permission_denied', detail, attr: null })
const notFound = (detail: string) => ({ type: 'invalid_request', code: 'not_found', detail, attr: null })

describe('PostHog’s 403 and 404 texts', () => {
  it('a project of an organization the user is not in: "You don\'t have access to the project." (AccessControlPermission)', async () => {
    for (const path of [
      `/api/projects/${strangerProject}/session_recordings/`,
      `/api/projects/${strangerProject}/session_recordings/some-id/`,
      `/api/projects/${strangerProject}/session_recordings/some-id/sharing/`,
    ]) {
      const res = await error(path)
      expect(res.status).toBe(403)
      expect(res.body).toEqual(denied("You don't have access to the project."))
    }
  })

  it('nested resources of an organization the user is not in: DRF’s default denial (OrganizationMemberPermissions)', async () => {
    const res = await error(`/api/organizations/${strangerOrg}/batch_exports/`)
    expect(res.status).toBe(403)
    expect(res.body).toEqual(denied('You do not have permission to perform this action.'))
  })

  it('the organization itself stays hidden: "Not found." (OrganizationViewSet filters by membership)', async () => {
    const res = await error(`/api/organizations/${strangerOrg}/`)
    expect(res.status).toBe(404)
    expect(res.body).toEqual(notFound('Not found.'))
    expect((await error(`/api/projects/${strangerProject}/`)).body).toEqual(notFound('Not found.'))
  })

  it('missing parents: "Organization not found." and "Project not found." (routing.py); a missing recording: "Recording not found"', async () => {
    expect((await error('/api/organizations/00000000-0000-0000-0000-000000000000/batch_exports/')).body).toEqual(
      notFound('Organization not found.'),
    )
    expect((await error('/api/organizations/not-a-uuid/batch_exports/')).body).toEqual(
      notFound('Organization not found.'),
    )
    expect((await error('/api/projects/999999/session_recordings/')).body).toEqual(notFound('Project not found.'))
    expect((await error('/api/projects/abc/session_recordings/')).body).toEqual(notFound('Project not found.'))
    expect((await error(`/api/projects/${ids.projectId}/session_recordings/no-such-session/`)).body).toEqual(
      notFound('Recording not found'),
    )
  })

  it('a key scoped to another organization: "API key does not have access to the requested organization: ID …"', async () => {
    const orgs = await h.call(paginated(organization), 'GET', '/api/organizations/')
    const partner = orgs.body.results.find((o) => o.name === 'Partner Agency')!
    const key = h.keyWith(['*'], { organizations: [partner.id] })
    const exports = await error(`/api/organizations/${ids.orgId}/batch_exports/`, { key })
    expect(exports.body).toEqual(denied(`API key does not have access to the requested organization: ID ${ids.orgId}.`))
    const recordings = await error(`/api/projects/${ids.projectId}/session_recordings/`, { key })
    expect(recordings.body).toEqual(
      denied(`API key does not have access to the requested organization: ID ${ids.orgId}.`),
    )
  })

  it('a key scoped to other projects: "API key does not have access to the requested project: ID N."', async () => {
    const key = h.keyWith(['*'], { teams: [ids.secondProjectId] })
    const res = await error(`/api/projects/${ids.projectId}/session_recordings/`, { key })
    expect(res.body).toEqual(denied(`API key does not have access to the requested project: ID ${ids.projectId}.`))
    const allowed = await h.api('GET', `/api/projects/${ids.secondProjectId}/session_recordings/`, { key })
    expect(allowed.status).toBe(200)
  })

  it('a key scoped to projects on an organization endpoint: "…only supported on project-based endpoints."', async () => {
    const key = h.keyWith(['*'], { teams: [ids.projectId] })
    for (const path of ['/api/organizations/', `/api/organizations/${ids.orgId}/`, '/api/projects/']) {
      expect((await error(path, { key })).body).toEqual(
        denied('API keys with scoped projects are only supported on project-based endpoints.'),
      )
    }
    expect((await h.call(me, 'GET', '/api/users/@me/', { key })).status).toBe(200)
  })

  it('@current resolves to a project-scoped key’s own project', async () => {
    const key = h.keyWith(['*'], { teams: [ids.secondProjectId] })
    const res = await h.api('GET', '/api/projects/@current/session_recordings/?limit=1', { key })
    expect(res.status).toBe(200)
  })
})
