import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { me } from '../contracts/users'
import { ApiError } from '../lib/api-error'
import { CURRENT_USER_PATH } from './api-paths'
import { dropFirstRequests, startFirstRequests } from './first-requests'
import { request } from './request'
import { buildUrl } from './request-url'
import { getSession, signIn, signOut } from './session'

const KEY = 'phx_' + 'a'.repeat(43)
const USER = {
  uuid: '0190b0c4-0000-7000-8000-000000000001',
  email: 'a@example.com',
  first_name: 'A',
  organization: null,
  organizations: [],
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

// The network: what index.html's script sent (`early`) and what the console's code sent (`fetch`).
const early = vi.fn<typeof fetch>()
const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  early.mockReset()
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  signIn(KEY, { remember: false })
})
afterEach(() => {
  dropFirstRequests()
  vi.unstubAllGlobals()
  signOut()
})

const userUrl = () => buildUrl(CURRENT_USER_PATH)

describe('first requests handed to request()', () => {
  it('sends each URL once with the key, as request() would, and request() uses that answer instead of fetching', async () => {
    const user = me.parse(USER)
    early.mockResolvedValueOnce(json(200, USER))
    startFirstRequests(KEY, [userUrl()], early)
    expect(early).toHaveBeenCalledTimes(1)
    const [url, init] = early.mock.calls[0]!
    expect(String(url)).toBe(userUrl().href)
    expect(init).toMatchObject({
      headers: { Accept: 'application/json', Authorization: `Bearer ${KEY}` },
      credentials: 'omit',
    })

    expect(await request(CURRENT_USER_PATH, me)).toEqual(user)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('is taken once: the same request again goes to the network', async () => {
    early.mockResolvedValueOnce(json(200, USER))
    fetchMock.mockResolvedValueOnce(json(200, { ...USER, first_name: 'Later' }))
    startFirstRequests(KEY, [userUrl()], early)
    await request(CURRENT_USER_PATH, me)
    expect((await request(CURRENT_USER_PATH, me)).first_name).toBe('Later')
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('is not used for another key, nor once dropped (after the first navigation)', async () => {
    early.mockResolvedValue(json(200, { ...USER, first_name: 'Early' }))
    fetchMock.mockImplementation(async () => json(200, USER))
    startFirstRequests('phx_' + 'b'.repeat(43), [userUrl()], early)
    expect((await request(CURRENT_USER_PATH, me)).first_name).toBe('A')

    startFirstRequests(KEY, [userUrl()], early)
    dropFirstRequests()
    expect((await request(CURRENT_USER_PATH, me)).first_name).toBe('A')
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('an early answer is read like any other: a 401 is an ApiError and ends the session', async () => {
    early.mockResolvedValueOnce(
      json(401, { type: 'authentication_error', code: 'authentication_failed', detail: 'Invalid key.', attr: null }),
    )
    startFirstRequests(KEY, [userUrl()], early)
    const error = await request(CURRENT_USER_PATH, me).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(401)
    expect(getSession().key).toBeNull()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("a caller's abort stops the wait for an early answer", async () => {
    early.mockReturnValueOnce(new Promise(() => undefined))
    startFirstRequests(KEY, [userUrl()], early)
    const controller = new AbortController()
    const pending = request(CURRENT_USER_PATH, me, { signal: controller.signal })
    controller.abort(new DOMException('Left the page', 'AbortError'))
    await expect(pending).rejects.toThrow('Left the page')
  })

  it('never sends to another origin', () => {
    startFirstRequests(KEY, [new URL('https://elsewhere.example/api/users/@me/')], early)
    expect(early).not.toHaveBeenCalled()
  })
})
