import { afterEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { parseRetryAfter } from './errors'
import { ApiError } from '../lib/api-error'
import { isRetryable, retryDelay, shouldRetryMutation, shouldRetryQuery } from './retry'

const err = (status: number, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ status, type: status >= 500 ? 'server_error' : 'invalid_request', code: 'x', detail: 'x', ...extra })

describe('retry policy', () => {
  it('retries network errors, 5xx and 429 only', () => {
    expect(isRetryable(err(0, { type: 'network_error' }))).toBe(true)
    expect(isRetryable(err(500))).toBe(true)
    expect(isRetryable(err(503))).toBe(true)
    expect(isRetryable(err(429, { type: 'throttled_error' }))).toBe(true)
    for (const status of [400, 401, 403, 404, 413]) expect(isRetryable(err(status))).toBe(false)
    expect(isRetryable(err(200, { type: 'unexpected_shape' }))).toBe(false)
    expect(isRetryable(new Error('bug'))).toBe(false)
  })

  it('gives up after three retries', () => {
    expect(shouldRetryQuery(2, err(500))).toBe(true)
    expect(shouldRetryQuery(3, err(500))).toBe(false)
  })

  it('retries mutations only when throttled', () => {
    expect(shouldRetryMutation(0, err(429))).toBe(true)
    expect(shouldRetryMutation(0, err(500))).toBe(false)
    expect(shouldRetryMutation(0, err(0, { type: 'network_error' }))).toBe(false)
  })

  it('waits exactly Retry-After, otherwise backs off exponentially', () => {
    expect(retryDelay(1, err(429, { retryAfter: 7 }))).toBe(7000)
    expect(retryDelay(1, err(500))).toBe(1000)
    expect(retryDelay(2, err(500))).toBe(2000)
    expect(retryDelay(3, err(500))).toBe(4000)
    expect(retryDelay(20, err(500))).toBe(30_000)
  })

  it('parses Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(parseRetryAfter('3', now)).toBe(3)
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10)
    expect(parseRetryAfter('soon', now)).toBeNull()
    expect(parseRetryAfter(null, now)).toBeNull()
  })
})

describe('retry policy in a QueryClient', () => {
  afterEach(() => vi.useRealTimers())

  const client = () =>
    new QueryClient({ defaultOptions: { queries: { retry: shouldRetryQuery, retryDelay, gcTime: 0 } } })

  it('honours Retry-After before trying again after a 429', async () => {
    vi.useFakeTimers()
    const fn = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(err(429, { type: 'throttled_error', retryAfter: 5 }))
      .mockResolvedValueOnce('ok')
    const result = client().fetchQuery({ queryKey: ['t'], queryFn: fn })
    await vi.advanceTimersByTimeAsync(4900)
    expect(fn).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(200)
    await expect(result).resolves.toBe('ok')
    expect(fn).toHaveBeenCalledTimes(2)
  })

  it('does not retry a 404', async () => {
    const fn = vi.fn<() => Promise<string>>().mockRejectedValue(err(404))
    await expect(client().fetchQuery({ queryKey: ['t'], queryFn: fn })).rejects.toMatchObject({ status: 404 })
    expect(fn).toHaveBeenCalledTimes(1)
  })
})
