import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { jsonResponse } from '../../testing/render'
import { UNDO_MS, bulkDeleter, pendingIds } from './bulk-delete-store'

const fetchMock = vi.fn<typeof fetch>()
const deletedIds = () => fetchMock.mock.calls.map(([url]) => String(url).split('/').at(-2))

beforeEach(() => {
  vi.useFakeTimers()
  fetchMock.mockReset()
  fetchMock.mockImplementation(async () => new Response(null, { status: 204 }))
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  bulkDeleter.undo()
  bulkDeleter.dismiss()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('bulk delete with undo', () => {
  it('lets a delete from the recording page join one waiting (triage), restarting the window; undo runs its callback', async () => {
    const onUndo = vi.fn()
    bulkDeleter.schedule(new QueryClient(), 1, ['a'], { title: 'Deleting the recording of Ada…' })
    await vi.advanceTimersByTimeAsync(3000)
    bulkDeleter.schedule(new QueryClient(), 1, ['b'], { onUndo })
    expect(pendingIds(bulkDeleter.getState(), 1)).toEqual(new Set(['a', 'b']))
    await vi.advanceTimersByTimeAsync(UNDO_MS - 1000)
    expect(fetchMock).not.toHaveBeenCalled()
    bulkDeleter.undo()
    expect(onUndo).toHaveBeenCalledOnce()
    expect(bulkDeleter.getState()).toEqual({ phase: 'idle' })
    await vi.advanceTimersByTimeAsync(UNDO_MS * 2)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('hides the rows at once but sends nothing for 5 seconds', async () => {
    bulkDeleter.schedule(new QueryClient(), 1, ['a', 'b'])
    expect(pendingIds(bulkDeleter.getState(), 1)).toEqual(new Set(['a', 'b']))
    expect(pendingIds(bulkDeleter.getState(), 2).size).toBe(0)
    await vi.advanceTimersByTimeAsync(UNDO_MS - 1)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('sends nothing at all when undone', async () => {
    bulkDeleter.schedule(new QueryClient(), 1, ['a', 'b'])
    await vi.advanceTimersByTimeAsync(2000)
    bulkDeleter.undo()
    expect(bulkDeleter.getState()).toEqual({ phase: 'idle' })
    await vi.advanceTimersByTimeAsync(UNDO_MS * 2)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('then deletes each one and summarizes, with a retry for the failures', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/b/')
        ? jsonResponse(500, { type: 'server_error', code: 'error', detail: 'Database is locked.', attr: null })
        : new Response(null, { status: 204 }),
    )
    const client = new QueryClient()
    bulkDeleter.schedule(client, 1, ['a', 'b', 'c'])
    await vi.advanceTimersByTimeAsync(UNDO_MS)
    await vi.waitFor(() => expect(bulkDeleter.getState().phase).toBe('done'))
    expect(fetchMock.mock.calls.every(([, init]) => init?.method === 'DELETE')).toBe(true)
    expect(deletedIds().sort()).toEqual(['a', 'b', 'c'])
    const state = bulkDeleter.getState()
    expect(state.phase === 'done' && state.summary).toMatchObject({
      deleted: ['a', 'c'],
      failed: [{ id: 'b', error: 'Database is locked.' }],
      message: 'Deleted 2 of 3 recordings; 1 failed.',
    })

    fetchMock.mockClear()
    fetchMock.mockImplementation(async () => new Response(null, { status: 204 }))
    bulkDeleter.retryFailed(client)
    await vi.waitFor(() => expect(bulkDeleter.getState().phase).toBe('done'))
    expect(deletedIds()).toEqual(['b'])
    const retried = bulkDeleter.getState()
    expect(retried.phase === 'done' && retried.summary.message).toBe('Deleted 1 recording.')
  })

  it('waits out a 429 before sending that delete again', async () => {
    let throttled = false
    fetchMock.mockImplementation(async (url) => {
      if (!String(url).includes('/b/') || throttled) return new Response(null, { status: 204 })
      throttled = true
      const body = { type: 'throttled_error', code: 'throttled', detail: 'Request was throttled.', attr: null }
      return new Response(JSON.stringify(body), { status: 429, headers: { 'Retry-After': '2' } })
    })
    bulkDeleter.schedule(new QueryClient(), 1, ['a', 'b'])
    await vi.advanceTimersByTimeAsync(UNDO_MS + 1999)
    expect(deletedIds().sort()).toEqual(['a', 'b'])
    expect(bulkDeleter.getState().phase).toBe('running')
    await vi.advanceTimersByTimeAsync(1)
    await vi.waitFor(() => expect(bulkDeleter.getState().phase).toBe('done'))
    expect(deletedIds().sort()).toEqual(['a', 'b', 'b'])
    const state = bulkDeleter.getState()
    expect(state.phase === 'done' && state.summary.message).toBe('Deleted 2 recordings.')
  })

  it('counts a recording someone else already deleted (404) as deleted', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(404, { type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null }),
    )
    bulkDeleter.schedule(new QueryClient(), 1, ['gone'])
    await vi.advanceTimersByTimeAsync(UNDO_MS)
    await vi.waitFor(() => expect(bulkDeleter.getState().phase).toBe('done'))
    const state = bulkDeleter.getState()
    expect(state.phase === 'done' && state.summary.failed).toEqual([])
  })
})
