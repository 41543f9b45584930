import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { organization } from '../contracts/organizations'
import { ApiError, UNEXPECTED_SHAPE } from '../lib/api-error'
import { REQUEST_TIMEOUT_MS, request } from './request'
import { getSession, signIn, signOut } from './session'

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })

const fetchMock = vi.fn<typeof fetch>()
const KEY = 'phx_' + 'a'.repeat(43)

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  signIn(KEY, { remember: false })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  signOut()
})

/** A fetch that never answers, until its signal aborts it (as the browser's does). */
const hang: typeof fetch = (_url, init) =>
  new Promise((_resolve, reject) => {
    const signal = init!.signal!
    signal.addEventListener('abort', () => reject(signal.reason as Error))
  })

const rejection = async (promise: Promise<unknown>) => {
  try {
    await promise
  } catch (error) {
    return error as ApiError
  }
  throw new Error('expected a rejection')
}

describe('request', () => {
  it('sends the key as a Bearer header and the query in the URL', async () => {
    fetchMock.mockResolvedValue(json(200, { ok: true }))
    await request('/api/things/', z.object({ ok: z.boolean() }), { query: { limit: 25, offset: 50, skip: undefined } })
    const [url, init] = fetchMock.mock.calls[0]!
    expect(String(url)).toBe('http://localhost/api/things/?limit=25&offset=50')
    expect((init?.headers as Record<string, string>).Authorization).toBe(`Bearer ${KEY}`)
    expect(init?.credentials).toBe('omit')
  })

  it('sends JSON bodies, and the caller’s abort reaches the request', async () => {
    fetchMock.mockResolvedValue(json(201, { id: 1 }))
    const controller = new AbortController()
    await request('/api/x/', z.object({ id: z.number() }), {
      method: 'POST',
      body: { a: 1 },
      signal: controller.signal,
    })
    const init = fetchMock.mock.calls[0]![1]!
    expect(init.body).toBe('{"a":1}')
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json')

    fetchMock.mockImplementation(hang)
    const pending = rejection(request('/api/x/', z.unknown(), { signal: controller.signal }))
    controller.abort()
    expect(fetchMock.mock.calls[1]![1]!.signal!.aborted).toBe(true)
    expect((await pending).name).toBe('AbortError')
  })

  it('maps the error body onto ApiError', async () => {
    fetchMock.mockResolvedValue(
      json(400, { type: 'validation_error', code: 'max_length', detail: 'Too long.', attr: 'name' }),
    )
    const error = await rejection(request('/api/x/', z.unknown()))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 400,
      type: 'validation_error',
      code: 'max_length',
      detail: 'Too long.',
      attr: 'name',
    })
  })

  it('reads the missing scope out of a 403', async () => {
    fetchMock.mockResolvedValue(
      json(403, {
        type: 'authentication_error',
        code: 'permission_denied',
        detail: "API key missing required scope 'organization:write'",
        attr: null,
      }),
    )
    const error = await rejection(request('/api/x/', z.unknown()))
    expect(error.missingScope).toBe('organization:write')
  })

  it('carries Retry-After of a 429', async () => {
    fetchMock.mockResolvedValue(
      json(
        429,
        { type: 'throttled_error', code: 'throttled', detail: 'Slow down.', attr: null },
        { 'Retry-After': '7' },
      ),
    )
    const error = await rejection(request('/api/x/', z.unknown()))
    expect(error).toMatchObject({ status: 429, type: 'throttled_error', retryAfter: 7 })
  })

  it('copes with an error that is not JSON (a proxy page)', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }))
    const error = await rejection(request('/api/x/', z.unknown()))
    expect(error).toMatchObject({ status: 502, type: 'server_error', code: 'http_502' })
    expect(error.detail).toContain('502')
  })

  it('turns a network failure into a network_error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    const error = await rejection(request('/api/x/', z.unknown()))
    expect(error).toMatchObject({ status: 0, type: 'network_error' })
  })

  it('says so when the browser is offline', async () => {
    vi.stubGlobal('navigator', { onLine: false })
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    const error = await rejection(request('/api/x/', z.unknown()))
    expect(error).toMatchObject({ status: 0, type: 'network_error', code: 'network_error' })
    expect(error.detail).toBe('You are offline. Check your connection and try again.')
  })

  it('gives up on a server that does not answer within 30 seconds', async () => {
    vi.useFakeTimers()
    fetchMock.mockImplementation(hang)
    let settled = false
    const pending = rejection(request('/api/x/', z.unknown())).finally(() => (settled = true))
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1)
    expect(REQUEST_TIMEOUT_MS).toBe(30_000)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    const error = await pending
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 0, type: 'network_error', code: 'timeout' })
    expect(error.detail).toBe('The server took too long to answer. Try again.')
  })

  it('counts the time to read the answer too, and stops counting once it is read', async () => {
    vi.useFakeTimers()
    fetchMock.mockResolvedValue(json(200, { ok: true }))
    await request('/api/x/', z.object({ ok: z.boolean() }))
    expect(vi.getTimerCount()).toBe(0)

    // Headers arrive, the body never does: the same deadline aborts the read.
    fetchMock.mockImplementation(async (_url, init) => {
      const body = new ReadableStream({
        start: (controller) => init!.signal!.addEventListener('abort', () => controller.error(init!.signal!.reason)),
      })
      return new Response(body, { status: 200 })
    })
    const pending = rejection(request('/api/x/', z.unknown()))
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS)
    expect(await pending).toMatchObject({ type: 'network_error', code: 'timeout' })
  })

  it('rethrows an abort as it is, not as an ApiError', async () => {
    const controller = new AbortController()
    controller.abort()
    fetchMock.mockRejectedValue(new DOMException('Aborted', 'AbortError'))
    const error = await rejection(request('/api/x/', z.unknown(), { signal: controller.signal }))
    expect(error).not.toBeInstanceOf(ApiError)
    expect((error as unknown as Error).name).toBe('AbortError')
  })

  it('reports a response that does not match its schema instead of returning it', async () => {
    fetchMock.mockResolvedValue(json(200, { id: 'not-a-uuid', name: 42 }))
    const error = await rejection(request('/api/organizations/x/', organization))
    expect(error).toMatchObject({ type: 'unexpected_shape', status: 200 })
    expect(error.detail).toContain(UNEXPECTED_SHAPE)
    expect(error.issues.some((issue) => issue.startsWith('id:'))).toBe(true)
  })

  it('accepts an empty 204 for an undefined schema', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }))
    await expect(request('/api/x/', z.undefined(), { method: 'DELETE' })).resolves.toBeUndefined()
  })

  it('ends the session with the reason on a 401', async () => {
    fetchMock.mockResolvedValue(
      json(401, {
        type: 'authentication_error',
        code: 'authentication_failed',
        detail: 'Personal API key found in request Authorization header is invalid.',
        attr: null,
      }),
    )
    await rejection(request('/api/x/', z.unknown()))
    expect(getSession()).toEqual({
      key: null,
      reason: 'Personal API key found in request Authorization header is invalid.',
      restoring: false,
    })
  })

  it('does not end the session when checking another key', async () => {
    fetchMock.mockResolvedValue(
      json(401, { type: 'authentication_error', code: 'authentication_failed', detail: 'Invalid.', attr: null }),
    )
    await rejection(request('/api/x/', z.unknown(), { key: 'phx_other' }))
    expect(getSession().key).toBe(KEY)
  })

  it('never sends the key to another origin', async () => {
    await expect(request('https://evil.example/api/', z.unknown())).rejects.toThrow(/Refusing/)
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
