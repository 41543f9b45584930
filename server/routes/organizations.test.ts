import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { errorBody, organization, paginated, sessionRecording } from '../../src/contracts'
import { createUser } from '../db/users'
import { addMember, createOrganization } from '../db/organizations'
import { startHarness, type Harness } from '../test/harness'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.close())

const orgs = paginated(organization)
const list = async (query = '') => (await h.call(orgs, 'GET', `/api/organizations/${query}`)).body
const create = async (name: string) =>
  (await h.call(organization, 'POST', '/api/organizations/', { body: { name } })).body

describe('organizations', () => {
  it('lists the key user’s organizations in the contract shape with membership levels', async () => {
    const page = await list()
    expect(page.results.map((o) => [o.name, o.membership_level])).toEqual([
      ['Partner Agency', 1],
      ['Demo Org', 15],
    ])
    expect(page.results[1]!.projects).toHaveLength(2)
  })

  it('creates an organization owned by the caller, with a default project', async () => {
    const res = await h.call(organization, 'POST', '/api/organizations/', {
      body: { name: 'Created Co', enforce_2fa: true },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ name: 'Created Co', membership_level: 15, enforce_2fa: true, slug: 'created-co' })
    expect(res.body.teams).toHaveLength(1)
    const again = await h.call(organization, 'GET', `/api/organizations/${res.body.id}/`)
    expect(again.body.name).toBe('Created Co')
  })

  it('gives organizations of the same name distinct slugs', async () => {
    const slugs = []
    for (let i = 0; i < 3; i++) slugs.push((await create('Same Name')).slug)
    expect(slugs[0]).toBe('same-name')
    expect(new Set(slugs).size).toBe(3)
    expect(slugs.every((s) => s.startsWith('same-name'))).toBe(true)
  })

  it('transliterates the name into the slug', async () => {
    const res = await h.call(organization, 'POST', '/api/organizations/', { body: { name: 'Ünïcødé' } })
    expect(res.status).toBe(201)
    expect(res.body.slug).toMatch(/^unicode(-[0-9a-f]{6})?$/)
  })

  it('patches writable fields and bumps updated_at', async () => {
    const created = await create('Patch Me')
    const res = await h.call(organization, 'PATCH', `/api/organizations/${created.id}/`, {
      body: { name: 'Patched', is_member_join_email_enabled: false, is_ai_data_processing_approved: true },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      name: 'Patched',
      is_member_join_email_enabled: false,
      is_ai_data_processing_approved: true,
    })
    expect(res.body.slug).toBe(created.slug)
    expect(res.body.updated_at >= created.updated_at).toBe(true)
  })

  it('takes back what a GET returned, read-only and unknown fields included (DRF ignores them)', async () => {
    const created = await create('Round Trip')
    const got = await h.call(z.record(z.string(), z.unknown()), 'GET', `/api/organizations/${created.id}/`)
    const sent = { ...got.body, name: 'Round Tripped', slug: 'hijacked', membership_level: 1, extra: 1 }
    const res = await h.call(organization, 'PATCH', `/api/organizations/${created.id}/`, { body: sent })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ name: 'Round Tripped', slug: created.slug, membership_level: 15 })
  })

  it('replaces writable fields with PUT, which needs a name (PostHog’s OrganizationViewSet takes both)', async () => {
    const created = await create('Put Me')
    const res = await h.call(organization, 'PUT', `/api/organizations/${created.id}/`, {
      body: { name: 'Put Done', enforce_2fa: true },
    })
    expect(res.body).toMatchObject({ name: 'Put Done', enforce_2fa: true })
    const missing = await h.call(errorBody, 'PUT', `/api/organizations/${created.id}/`, {
      body: { enforce_2fa: false },
    })
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({
      type: 'validation_error',
      code: 'required',
      detail: 'This field is required.',
      attr: 'name',
    })
  })

  it('rejects an empty name as DRF does (blank)', async () => {
    const res = await h.call(errorBody, 'POST', '/api/organizations/', { body: { name: '' } })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ type: 'validation_error', code: 'blank', attr: 'name' })
  })

  it('needs admin to patch or put and owner to delete, in PostHog’s words', async () => {
    const partner = (await list()).results.find((o) => o.name === 'Partner Agency')!
    const denied = {
      type: 'authentication_error',
      code: 'permission_denied',
      detail: 'Your organization access level is insufficient.',
      attr: null,
    }
    for (const method of ['PATCH', 'PUT']) {
      const res = await h.call(errorBody, method, `/api/organizations/${partner.id}/`, { body: { name: 'Hijacked' } })
      expect(res.status).toBe(403)
      expect(res.body).toEqual(denied)
    }
    const del = await h.call(errorBody, 'DELETE', `/api/organizations/${partner.id}/`)
    expect(del.status).toBe(403)
    expect(del.body).toEqual(denied)
  })

  it('answers a forbidden update 403 even when its body is also wrong (the object is checked first)', async () => {
    const partner = (await list()).results.find((o) => o.name === 'Partner Agency')!
    const res = await h.call(errorBody, 'PATCH', `/api/organizations/${partner.id}/`, { body: { name: 5 } })
    expect(res.status).toBe(403)
  })

  it('lets an admin patch but not delete', async () => {
    const other = createUser(h.db, { email: 'boss@elsewhere.example', first_name: 'Boss' })
    const orgId = createOrganization(h.db, other.id, { name: 'Admin Rights' })
    addMember(h.db, orgId, 1, 8)
    expect((await h.api('PATCH', `/api/organizations/${orgId}/`, { body: { name: 'Renamed' } })).status).toBe(200)
    expect((await h.api('DELETE', `/api/organizations/${orgId}/`)).status).toBe(403)
  })

  it('deletes for the owner; afterwards it is 404 and gone from the list', async () => {
    const created = await create('Doomed')
    expect((await h.api('DELETE', `/api/organizations/${created.id}/`)).status).toBe(204)
    expect((await h.api('GET', `/api/organizations/${created.id}/`)).status).toBe(404)
    expect((await list('?limit=1000')).results.some((o) => o.id === created.id)).toBe(false)
  })

  it('hides organizations the user is not a member of: "Not found." (PostHog filters them out)', async () => {
    const stranger = createUser(h.db, { email: 'stranger@example.com', first_name: 'S' })
    const orgId = createOrganization(h.db, stranger.id, { name: 'Private' })
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { name: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await h.call(errorBody, method, `/api/organizations/${orgId}/`, { body })
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null })
    }
  })

  it('resolves @current', async () => {
    const res = await h.call(organization, 'GET', '/api/organizations/@current/')
    expect(res.body.name).toBe('Demo Org')
  })

  it('reaches the same endpoint without the trailing slash (PostHog’s router makes it optional)', async () => {
    const { orgId } = { orgId: (await list()).results.find((o) => o.name === 'Demo Org')!.id }
    expect((await h.call(orgs, 'GET', '/api/organizations')).body.count).toBe((await list()).count)
    expect((await h.call(organization, 'GET', `/api/organizations/${orgId}`)).body.id).toBe(orgId)
    const patched = await h.call(organization, 'PATCH', `/api/organizations/${orgId}`, {
      body: { is_member_join_email_enabled: true },
    })
    expect(patched.body.id).toBe(orgId)
  })
})

describe('pagination arithmetic', () => {
  it('pages without repeats or gaps, with absolute next/previous and null at the ends', async () => {
    for (let i = 0; i < 5; i++) await create(`Paged ${i}`)
    const all = await list('?limit=1000')
    const seen: string[] = []
    let url: string | null = `${h.base}/api/organizations/?limit=3`
    let first = true
    while (url) {
      const page: { count: number; next: string | null; previous: string | null; results: { id: string }[] } =
        await list(url.replace(`${h.base}/api/organizations/`, ''))
      expect(page.count).toBe(all.count)
      if (first) expect(page.previous).toBeNull()
      first = false
      seen.push(...page.results.map((o) => o.id))
      if (page.next) expect(page.next).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/organizations\/\?limit=3&offset=\d+$/)
      url = page.next
    }
    expect(seen).toEqual(all.results.map((o) => o.id))
    expect((await list('?limit=3&offset=3')).previous).toBe(`${h.base}/api/organizations/?limit=3`)
  })

  it('clamps limit to 1000 and keeps the limit in next/previous', async () => {
    const page = await list('?limit=5000')
    expect(page.next).toBeNull()
    const projectId = page.results.find((o) => o.name === 'Demo Org')!.teams[0]!.id
    const recordings = paginated(sessionRecording)
    const path = `/api/projects/${projectId}/session_recordings/`
    const recs = (await h.call(recordings, 'GET', `${path}?limit=100`)).body
    expect(recs.results).toHaveLength(100)
    expect(recs.next).toContain('limit=100&offset=100')
    const clamped = (await h.call(recordings, 'GET', `${path}?limit=99999`)).body
    expect(clamped.results).toHaveLength(recs.count)
    expect(clamped.next).toBeNull()
  })

  it.each(['limit=-1', 'limit=abc', 'limit=0', 'limit=1.5', 'offset=-5', 'offset=abc', 'offset=1.5'])(
    'falls back to the default for %s, as DRF’s LimitOffsetPagination does',
    async (query) => {
      const fallback = await list()
      const page = await list(`?${query}`)
      expect(page.results.map((o) => o.id)).toEqual(fallback.results.map((o) => o.id))
    },
  )

  it('reads limit and offset as Python’s int() does: surrounding spaces and a plus sign are fine', async () => {
    const all = await list()
    const page = await list('?limit=%202%20&offset=%2B1')
    expect(page.results.map((o) => o.id)).toEqual(all.results.slice(1, 3).map((o) => o.id))
  })

  it('returns an empty page past the end, with previous set', async () => {
    const page = await list('?offset=500')
    expect(page.results).toEqual([])
    expect(page.previous).not.toBeNull()
    expect(page.next).toBeNull()
  })
})
