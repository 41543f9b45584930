import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { me, paginated, personalApiKey, project } from '../../src/contracts'
import { startHarness, type Harness } from '../test/harness'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.close())

describe('users, keys, projects, schema', () => {
  it('@me names the user and their organizations', async () => {
    const res = await h.api('GET', '/api/users/@me/')
    const body = me.parse(res.body)
    expect(body.email).toBe('demo@example.com')
    expect(body.organizations.map((o) => o.name).sort()).toEqual(['Demo Org', 'Partner Agency'])
    expect(body.organization?.name).toBe('Demo Org')
  })

  it('@current describes the calling key without its secret', async () => {
    const key = h.keyWith(['organization:read', 'batch_export:write'])
    const res = await h.api('GET', '/api/personal_api_keys/@current/', { key })
    const body = personalApiKey.parse(res.body)
    expect(body.scopes).toEqual(['organization:read', 'batch_export:write'])
    expect(body.mask_value).toBe(`${key.slice(0, 6)}...${key.slice(-4)}`)
    expect(JSON.stringify(res.body)).not.toContain(key)
  })

  it('refuses a key as soon as it is revoked, also by another process (the keys CLI)', async () => {
    const key = h.keyWith(['organization:read'])
    expect((await h.api('GET', '/api/organizations/', { key })).status).toBe(200)
    const id = (await h.api('GET', '/api/personal_api_keys/@current/', { key })).body.id
    const other = new Database(h.db.name)
    other.prepare('DELETE FROM personal_api_keys WHERE id = ?').run(id)
    other.close()
    expect((await h.api('GET', '/api/organizations/', { key })).status).toBe(401)
  })

  it('stores only the sha256 of keys', async () => {
    const rows = h.db.prepare('SELECT secure_value FROM personal_api_keys').all() as { secure_value: string }[]
    expect(rows.every((r) => /^sha256\$[0-9a-f]{64}$/.test(r.secure_value))).toBe(true)
    expect(JSON.stringify(rows)).not.toContain(h.key)
  })

  it('lists and retrieves projects the user can see', async () => {
    const res = await h.api('GET', '/api/projects/')
    const page = paginated(project).parse(res.body)
    expect(page.results.map((p) => p.name).sort()).toEqual(['Default project', 'Marketing site', 'Web app'])
    const one = await h.api('GET', `/api/projects/${page.results[0]!.id}/`)
    expect(one.body.id).toBe(page.results[0]!.id)
  })

  it('limits a key scoped to one organization to that organization', async () => {
    const orgs = (await h.api('GET', '/api/organizations/')).body.results as { id: string; name: string }[]
    const demo = orgs.find((o) => o.name === 'Demo Org')!
    const partner = orgs.find((o) => o.name === 'Partner Agency')!
    const { createKey } = await import('../db/api-keys')
    const { key } = createKey(h.db, { userId: 1, label: 'scoped', scopes: ['*'], organizations: [demo.id] })
    const list = await h.api('GET', '/api/organizations/', { key })
    expect(list.body.results.map((o: { id: string }) => o.id)).toEqual([demo.id])
    expect((await h.api('GET', `/api/organizations/${partner.id}/`, { key })).status).toBe(404)
  })

  it('publishes an OpenAPI 3.1 document covering every route, AI helpers marked experimental', async () => {
    const res = await h.api('GET', '/api/schema/', { key: null })
    expect(res.status).toBe(200)
    expect(res.body.openapi).toBe('3.1.0')
    const ai = res.body.paths['/api/projects/{project_id}/session_recordings/ai/regex/'].post
    expect(ai['x-experimental']).toBe(true)
    expect(ai.description).toMatch(/Experimental/)
    const create = res.body.paths['/api/organizations/{organization_id}/batch_exports/'].post
    expect(JSON.stringify(create.requestBody)).toContain('aws_secret_access_key')
    const read = res.body.paths['/api/organizations/{organization_id}/batch_exports/{id}/'].get
    expect(JSON.stringify(read.responses['200'])).not.toContain('aws_secret_access_key')
    expect(res.body.paths['/api/organizations/{organization_id}/batch_exports/{id}/backfill/'].post.deprecated).toBe(
      true,
    )
  })
})
