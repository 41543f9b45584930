import { afterEach, describe, expect, it, vi } from 'vitest'
import { onlineManager, type MutationOptions } from '@tanstack/react-query'
import { ApiError } from '../lib/api-error'
import { feedback } from '../api/feedback'
import { getToasts, toast } from '../components/toast'
import { createQueryClient } from './query-client'

const throttled = new ApiError({
  status: 429,
  type: 'throttled_error',
  code: 'throttled',
  detail: 'Request was throttled. Expected available in 1 second.',
  retryAfter: 1,
})
const serverError = new ApiError({ status: 500, type: 'server_error', code: 'error', detail: 'Try later.' })

afterEach(() => {
  vi.useRealTimers()
  for (const t of getToasts()) toast.dismiss(t.id)
  onlineManager.setOnline(true)
})

/** Runs one mutation through a console query client, as `useMutation` would. */
function mutate<V>(fn: (v: V) => Promise<string>, variables?: V, options: MutationOptions<string, Error, V> = {}) {
  const client = createQueryClient()
  return client
    .getMutationCache()
    .build(client, { ...options, mutationFn: fn })
    .execute(variables as V)
}

const shown = () => getToasts().map((t) => ({ kind: t.kind, title: t.title, description: t.description }))

describe('mutations of the console', () => {
  it('say they are waiting out a 429, try again after Retry-After, and drop the notice when done', async () => {
    vi.useFakeTimers()
    const fn = vi.fn<() => Promise<string>>().mockRejectedValueOnce(throttled).mockResolvedValueOnce('saved')
    const result = mutate(fn)
    await vi.advanceTimersByTimeAsync(0)
    expect(shown()).toEqual([
      { kind: 'loading', title: 'Too many requests — retrying in 1 s…', description: undefined },
    ])
    await vi.advanceTimersByTimeAsync(999)
    expect(fn).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    await expect(result).resolves.toBe('saved')
    expect(fn).toHaveBeenCalledTimes(2)
    expect(shown()).toEqual([])
  })

  it('drop the notice too when the 429 outlasts the retries', async () => {
    vi.useFakeTimers()
    const result = mutate(() => Promise.reject(throttled)).catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(3000)
    expect(await result).toBe(throttled)
    expect(shown().filter((t) => t.kind === 'loading')).toEqual([])
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
    expect(shown()).toEqual([{ kind: 'error', title: 'Could not save the change', description: 'You are offline.' }])
  })
})

describe('the feedback policy', () => {
  const fail = () => Promise.reject(serverError)

  it('leaves a failure shown in place to the form or dialog: no toast', async () => {
    await mutate(fail, undefined, { meta: feedback({ failure: 'in-place' }) }).catch(() => undefined)
    expect(shown()).toEqual([])
  })

  it('toasts what did not happen, why, and what is still true, when nothing on screen can say it', async () => {
    const meta = feedback({
      failure: (id: string) => `Could not delete recording ${id}`,
      unchanged: () => 'It is back in the list.',
    })
    await mutate(fail, 'r1', { meta }).catch(() => undefined)
    expect(shown()).toEqual([
      { kind: 'error', title: 'Could not delete recording r1', description: 'Try later. It is back in the list.' },
    ])
  })

  it('confirms a success only when the mutation declares it', async () => {
    await mutate(() => Promise.resolve('Nightly'))
    expect(shown()).toEqual([])
    const meta = feedback({ failure: 'in-place', success: (name: string) => `Created ${name}` })
    await mutate(() => Promise.resolve('Nightly'), undefined, { meta })
    expect(shown()).toEqual([{ kind: 'success', title: 'Created Nightly', description: undefined }])
  })

  it('confirms with a second line when the mutation says what happens next', async () => {
    const meta = feedback({
      failure: 'in-place',
      success: (name: string) => ({ title: `Resumed ${name}`, description: 'Backfilling 3 missed windows.' }),
    })
    await mutate(() => Promise.resolve('Nightly'), undefined, { meta })
    expect(shown()).toEqual([
      { kind: 'success', title: 'Resumed Nightly', description: 'Backfilling 3 missed windows.' },
    ])
  })

  it('says nothing about a 401: the console goes to sign-in', async () => {
    const expired = new ApiError({ status: 401, type: 'authentication_error', code: 'x', detail: 'Expired.' })
    await mutate(() => Promise.reject(expired)).catch(() => undefined)
    expect(shown()).toEqual([])
  })
})
