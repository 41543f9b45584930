import { afterEach, describe, expect, it, vi } from 'vitest'
import { onlineManager } from '@tanstack/react-query'
import { ApiError } from '../api/errors'
import { dismissToast, toastWaiting } from '../components/toast'
import { createQueryClient } from './query-client'

vi.mock('../components/toast', () => ({ toastError: vi.fn(), toastWaiting: vi.fn(), dismissToast: vi.fn() }))

const throttled = new ApiError({
  status: 429,
  type: 'throttled_error',
  code: 'throttled',
  detail: 'Request was throttled. Expected available in 1 second.',
  retryAfter: 1,
})

afterEach(() => {
  vi.useRealTimers()
  vi.clearAllMocks()
  onlineManager.setOnline(true)
})

/** Runs one mutation through a console query client, as `useMutation` would. */
function mutate(fn: () => Promise<string>) {
  const client = createQueryClient()
  return client.getMutationCache().build(client, { mutationFn: fn }).execute(undefined)
}

describe('mutations of the console', () => {
  it('say they are waiting out a 429, try again after Retry-After, and drop the notice when done', async () => {
    vi.useFakeTimers()
    const fn = vi.fn<() => Promise<string>>().mockRejectedValueOnce(throttled).mockResolvedValueOnce('saved')
    const result = mutate(fn)
    await vi.advanceTimersByTimeAsync(0)
    expect(toastWaiting).toHaveBeenCalledWith('Too many requests — retrying in 1 s…', {
      id: expect.stringMatching(/^throttled-/),
    })
    expect(dismissToast).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(999)
    expect(fn).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    await expect(result).resolves.toBe('saved')
    expect(fn).toHaveBeenCalledTimes(2)
    expect(dismissToast).toHaveBeenCalledWith(vi.mocked(toastWaiting).mock.calls[0]![1].id)
  })

  it('drop the notice too when the 429 outlasts the retries', async () => {
    vi.useFakeTimers()
    const result = mutate(() => Promise.reject(throttled)).catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(3000)
    expect(await result).toBe(throttled)
    expect(toastWaiting).toHaveBeenCalledTimes(3)
    expect(dismissToast).toHaveBeenCalledTimes(1)
  })

  it('are sent while offline, so they fail at once instead of waiting silently', async () => {
    onlineManager.setOnline(false)
    const offline = new ApiError({
      status: 0,
      type: 'network_error',
      code: 'network_error',
      detail: 'You are offline.',
    })
    const fn = vi.fn<() => Promise<string>>().mockRejectedValue(offline)
    await expect(mutate(fn)).rejects.toBe(offline)
    expect(fn).toHaveBeenCalledTimes(1)
    expect(toastWaiting).not.toHaveBeenCalled()
  })
})
