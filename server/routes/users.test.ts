import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { me, organization, paginated, personalApiKey, project } from '../../src/contracts'
import { startHarness, type Harness } from '../test/harness'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.close())

describe('users, keys, projects, schema', () => {
  it('@me names the user and their organizations', async () => {
    const { body } = await h.call(me, 'GET', '/api/users/@me/')
    expect(body.email).toBe('demo@example.com')
    expect(body.organizations.map((o) => o.name).sort()).toEqual(['Demo Org', 'Partner Agency'])
    expect(body.organization?.name).toBe('Demo Org')
  })

  it('@current describes the calling key without its secret', async () => {
    const key = h.keyWith(['organization:read', 'batch_export:write'])
    const res = await h.call(personalApiKey, 'GET', '/api/personal_api_keys/@current/', { key })
    const body = res.body
    expect(body.scopes).toEqual(['organization:read', 'batch_export:write'])
    expect(body.mask_value).toBe(`${key.slice(0, 6)}...${key.slice(-4)}`)
    expect(JSON.stringify(res.body)).not.toContain(key)
  })

  it('refuses a key as soon as it is revoked, also by another process (the keys CLI)', async () => {
    const key = h.keyWith(['organization:read'])
    expect((await h.api('GET', '/api/organizations/', { key })).status).toBe(200)
    const id = (await h.call(personalApiKey, 'GET', '/api/personal_api_keys/@current/', { key })).body.id
    const other = new Database(h.db.name)
    other.prepare('DELETE FROM personal_api_keys WHERE id = ?').run(id)
    other.close()
    expect((await h.api('GET', '/api/organizations/', { key })).status).toBe(401)
  })

  it('stores only the sha256 of keys', async () => {
    const rows = h.db.prepare<[], { secure_value: string }>('SELECT secure_value FROM personal_api_keys').all()
    expect(rows.every((r) => /^sha256\$[0-9a-f]{64}$/.test(r.secure_value))).toBe(true)
    expect(JSON.stringify(rows)).not.toContain(h.key)
  })

  it('lists and retrieves projects the user can see', async () => {
    const { body: page } = await h.call(paginated(project), 'GET', '/api/projects/')
    expect(page.results.map((p) => p.name).sort()).toEqual(['Default project', 'Marketing site', 'Web app'])
    const one = await h.call(project, 'GET', `/api/projects/${page.results[0]!.id}/`)
    expect(one.body.id).toBe(page.results[0]!.id)
  })

  it('limits a key scoped to one organization to that organization', async () => {
    const orgs = (await h.call(paginated(organization), 'GET', '/api/organizations/')).body.results
    const demo = orgs.find((o) => o.name === 'Demo Org')!
    const partner = orgs.find((o) => o.name === 'Partner Agency')!
    const { createKey } = await import('../db/api-keys')
    const { key } = createKey(h.db, { userId: 1, label: 'scoped', scopes: ['*'], organizations: [demo.id] })
    const list = await h.call(paginated(organization), 'GET', '/api/organizations/', { key })
    expect(list.body.results.map((o) => o.id)).toEqual([demo.id])
    expect((await h.api('GET', `/api/organizations/${partner.id}/`, { key })).status).toBe(404)
  })

  it('publishes an OpenAPI 3.1 document covering every route, AI helpers marked experimental', async () => {
    const operation = z.looseObject({
      parameters: z.array(z.looseObject({ name: z.string(), in: z.string(), schema: z.unknown() })),
      responses: z.record(z.string(), z.unknown()),
      requestBody: z.unknown().optional(),
      deprecated: z.boolean().optional(),
      description: z.string().optional(),
      'x-experimental': z.boolean().optional(),
    })
    const document = z.object({
      openapi: z.string(),
      paths: z.record(z.string(), z.record(z.string(), operation)),
    })
    const res = await h.call(document, 'GET', '/api/schema/', { key: null })
    expect(res.status).toBe(200)
    const { openapi, paths } = res.body
    expect(openapi).toBe('3.1.0')
    const ai = paths['/api/projects/{project_id}/session_recordings/ai/regex/']?.post
    expect(ai?.['x-experimental']).toBe(true)
    expect(ai?.description).toMatch(/Experimental/)
    const create = paths['/api/organizations/{organization_id}/batch_exports/']?.post
    expect(JSON.stringify(create?.requestBody)).toContain('aws_secret_access_key')
    const read = paths['/api/organizations/{organization_id}/batch_exports/{id}/']?.get
    expect(JSON.stringify(read?.responses['200'])).not.toContain('aws_secret_access_key')
    expect(paths['/api/organizations/{organization_id}/batch_exports/{id}/backfill/']?.post?.deprecated).toBe(true)
    expect(paths['/api/organizations/{id}/']?.put).toBeDefined()
    const recordings = paths['/api/projects/{project_id}/session_recordings/']?.get
    const names = recordings?.parameters.map((p) => p.name) ?? []
    for (const name of ['order_direction', 'having_predicates', 'console_log_filters', 'person_uuid', 'session_ids'])
      expect(names).toContain(name)
    const projectParam = recordings?.parameters.find((p) => p.name === 'project_id')
    expect(JSON.stringify(projectParam?.schema)).toContain('@current')
  })
})
