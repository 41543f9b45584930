import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { organization, paginated } from '../../src/contracts'
import { createUser } from '../db/users'
import { addMember, createOrganization } from '../db/organizations'
import { startHarness, type Harness } from '../test/harness'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.close())

describe('organizations', () => {
  it('lists the key user’s organizations in the contract shape with membership levels', async () => {
    const res = await h.api('GET', '/api/organizations/')
    expect(res.status).toBe(200)
    const page = paginated(organization).parse(res.body)
    expect(page.results.map((o) => [o.name, o.membership_level])).toEqual([
      ['Partner Agency', 1],
      ['Demo Org', 15],
    ])
    expect(page.results[1]!.projects).toHaveLength(2)
  })

  it('creates an organization owned by the caller, with a default project', async () => {
    const res = await h.api('POST', '/api/organizations/', { body: { name: 'Created Co', enforce_2fa: true } })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ name: 'Created Co', membership_level: 15, enforce_2fa: true, slug: 'created-co' })
    expect(res.body.teams).toHaveLength(1)
    const again = await h.api('GET', `/api/organizations/${res.body.id}/`)
    expect(again.body.name).toBe('Created Co')
  })

  it('gives organizations of the same name distinct slugs', async () => {
    const slugs = []
    for (let i = 0; i < 3; i++)
      slugs.push((await h.api('POST', '/api/organizations/', { body: { name: 'Same Name' } })).body.slug)
    expect(slugs[0]).toBe('same-name')
    expect(new Set(slugs).size).toBe(3)
    expect(slugs.every((s) => s.startsWith('same-name'))).toBe(true)
  })

  it('transliterates the name into the slug', async () => {
    const res = await h.api('POST', '/api/organizations/', { body: { name: 'Ünïcødé' } })
    expect(res.status).toBe(201)
    expect(res.body.slug).toMatch(/^unicode(-[0-9a-f]{6})?$/)
  })

  it('patches writable fields and bumps updated_at', async () => {
    const created = await h.api('POST', '/api/organizations/', { body: { name: 'Patch Me' } })
    const res = await h.api('PATCH', `/api/organizations/${created.body.id}/`, {
      body: { name: 'Patched', is_member_join_email_enabled: false, is_ai_data_processing_approved: true },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      name: 'Patched',
      is_member_join_email_enabled: false,
      is_ai_data_processing_approved: true,
    })
    expect(res.body.slug).toBe(created.body.slug)
  })

  it('rejects an empty name with a validation_error on name', async () => {
    const res = await h.api('POST', '/api/organizations/', { body: { name: '' } })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ type: 'validation_error', attr: 'name' })
  })

  it('needs admin to patch and owner to delete', async () => {
    const partner = (await h.api('GET', '/api/organizations/')).body.results.find(
      (o: { name: string }) => o.name === 'Partner Agency',
    )
    const patch = await h.api('PATCH', `/api/organizations/${partner.id}/`, { body: { name: 'Hijacked' } })
    expect(patch.status).toBe(403)
    expect(patch.body).toMatchObject({ code: 'permission_denied', detail: expect.stringContaining('admin') })
    const del = await h.api('DELETE', `/api/organizations/${partner.id}/`)
    expect(del.status).toBe(403)
    expect(del.body.detail).toContain('owner')
  })

  it('lets an admin patch but not delete', async () => {
    const other = createUser(h.db, { email: 'boss@elsewhere.example', first_name: 'Boss' })
    const orgId = createOrganization(h.db, other.id, { name: 'Admin Rights' })
    addMember(h.db, orgId, 1, 8)
    expect((await h.api('PATCH', `/api/organizations/${orgId}/`, { body: { name: 'Renamed' } })).status).toBe(200)
    expect((await h.api('DELETE', `/api/organizations/${orgId}/`)).status).toBe(403)
  })

  it('deletes for the owner; afterwards it is 404 and gone from the list', async () => {
    const created = await h.api('POST', '/api/organizations/', { body: { name: 'Doomed' } })
    expect((await h.api('DELETE', `/api/organizations/${created.body.id}/`)).status).toBe(204)
    expect((await h.api('GET', `/api/organizations/${created.body.id}/`)).status).toBe(404)
    const list = await h.api('GET', '/api/organizations/?limit=1000')
    expect(list.body.results.some((o: { id: string }) => o.id === created.body.id)).toBe(false)
  })

  it('hides organizations the user is not a member of (404)', async () => {
    const stranger = createUser(h.db, { email: 'stranger@example.com', first_name: 'S' })
    const orgId = createOrganization(h.db, stranger.id, { name: 'Private' })
    expect((await h.api('GET', `/api/organizations/${orgId}/`)).status).toBe(404)
    expect((await h.api('PATCH', `/api/organizations/${orgId}/`, { body: { name: 'x' } })).status).toBe(404)
  })

  it('resolves @current', async () => {
    const res = await h.api('GET', '/api/organizations/@current/')
    expect(res.status).toBe(200)
    expect(res.body.name).toBe('Demo Org')
  })
})

describe('pagination arithmetic', () => {
  it('pages without repeats or gaps, with absolute next/previous and null at the ends', async () => {
    for (let i = 0; i < 5; i++) await h.api('POST', '/api/organizations/', { body: { name: `Paged ${i}` } })
    const all = (await h.api('GET', '/api/organizations/?limit=1000')).body
    const seen: string[] = []
    let url: string | null = `${h.base}/api/organizations/?limit=3`
    let first = true
    while (url) {
      const res = await h.api('GET', url.replace(h.base, ''))
      expect(res.body.count).toBe(all.count)
      if (first) expect(res.body.previous).toBeNull()
      first = false
      seen.push(...res.body.results.map((o: { id: string }) => o.id))
      if (res.body.next)
        expect(res.body.next).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/organizations\/\?limit=3&offset=\d+$/)
      url = res.body.next
    }
    expect(seen).toEqual(all.results.map((o: { id: string }) => o.id))
    const last = await h.api('GET', `/api/organizations/?limit=3&offset=3`)
    expect(last.body.previous).toBe(`${h.base}/api/organizations/?limit=3`)
  })

  it('defaults to 100 and clamps limit to 1000', async () => {
    const res = await h.api('GET', '/api/organizations/?limit=5000')
    expect(res.status).toBe(200)
    expect(res.body.next).toBeNull()
    const { projectId } = {
      projectId: res.body.results.find((o: { name: string }) => o.name === 'Demo Org').teams[0].id,
    }
    const recs = await h.api('GET', `/api/projects/${projectId}/session_recordings/`)
    expect(recs.body.results).toHaveLength(100)
    expect(recs.body.next).toContain('limit=100&offset=100')
    const clamped = await h.api('GET', `/api/projects/${projectId}/session_recordings/?limit=99999`)
    expect(clamped.body.results).toHaveLength(recs.body.count)
    expect(clamped.body.next).toBeNull()
  })

  it('returns an empty page past the end, with previous set', async () => {
    const res = await h.api('GET', '/api/organizations/?offset=500')
    expect(res.body.results).toEqual([])
    expect(res.body.previous).not.toBeNull()
    expect(res.body.next).toBeNull()
  })
})
