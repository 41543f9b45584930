import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody, organization, paginated, sessionRecording } from '../../src/contracts'
import { startHarness, demoIds, type Harness } from '../test/harness'

// PostHog's PersonalAPIKeyAuthentication.find_key_with_source (posthog/auth.py): the Authorization
// header, else `personal_api_key` in the body, else in the query string; only the first is tried.
let h: Harness
let ids: Awaited<ReturnType<typeof demoIds>>
beforeAll(async () => {
  h = await startHarness()
  ids = await demoIds(h)
})
afterAll(() => h.close())

const invalidFrom = (source: string) => ({
  type: 'authentication_error',
  code: 'authentication_failed',
  detail: `Personal API key found in request ${source} is invalid.`,
  attr: null,
})

describe('where the personal API key may be', () => {
  it('is taken from the query string, and never echoed in next/previous links', async () => {
    const res = await h.call(
      paginated(sessionRecording),
      'GET',
      `/api/projects/${ids.projectId}/session_recordings/?limit=2&personal_api_key=${h.key}`,
      { key: null },
    )
    expect(res.status).toBe(200)
    expect(res.body.next).not.toContain('personal_api_key')
    expect(res.body.next).not.toContain(h.key)
  })

  it('is taken from the JSON body, which is otherwise read as usual', async () => {
    const res = await h.call(organization, 'POST', '/api/organizations/', {
      key: null,
      body: { personal_api_key: h.key, name: 'From Body' },
    })
    expect(res.status).toBe(201)
    expect(res.body.name).toBe('From Body')
  })

  it('names where an invalid key was found', async () => {
    const bad = 'phx_' + 'y'.repeat(43)
    expect((await h.call(errorBody, 'GET', `/api/organizations/?personal_api_key=${bad}`, { key: null })).body).toEqual(
      invalidFrom('query string'),
    )
    expect(
      (await h.call(errorBody, 'POST', '/api/organizations/', { key: null, body: { personal_api_key: bad } })).body,
    ).toEqual(invalidFrom('body'))
    expect((await h.call(errorBody, 'GET', '/api/organizations/', { key: bad })).body).toEqual(
      invalidFrom('Authorization header'),
    )
  })

  it('tries only the first candidate: a valid header wins over a bad query key, a bad header over a good one', async () => {
    const bad = 'phx_' + 'z'.repeat(43)
    expect((await h.api('GET', `/api/organizations/?personal_api_key=${bad}`)).status).toBe(200)
    const res = await h.call(errorBody, 'GET', `/api/organizations/?personal_api_key=${h.key}`, { key: bad })
    expect(res.status).toBe(401)
    expect(res.body.detail).toContain('Authorization header')
  })

  it('ignores an Authorization header of another scheme and looks further', async () => {
    const res = await h.api('GET', `/api/organizations/?personal_api_key=${h.key}`, {
      key: null,
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    })
    expect(res.status).toBe(200)
    const none = await h.call(errorBody, 'GET', '/api/organizations/', {
      key: null,
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    })
    expect(none.body.code).toBe('not_authenticated')
  })
})
