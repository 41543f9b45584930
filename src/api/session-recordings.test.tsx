// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, waitFor } from '@testing-library/react'
import type { SessionRecording } from '../contracts/session-recordings'
import { recordingFixture } from '../testing/fixtures'
import { jsonResponse, renderHookWithClient } from '../testing/render'
import { recordingQueries, useMarkViewed, useUpdateRecording } from './session-recordings'

const PROJECT = 1
const rec = recordingFixture({ viewed: false })
const listKey = recordingQueries.list(PROJECT, { limit: 50, offset: 0 }).queryKey

const fetchMock = vi.fn<typeof fetch>()
beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => vi.unstubAllGlobals())

function setup() {
  const { result, client } = renderHookWithClient(
    () => useUpdateRecording(PROJECT),
    (client) => {
      client.setQueryData(recordingQueries.detail(PROJECT, rec.id).queryKey, rec)
      client.setQueryData(listKey, { results: [rec], count: 1, hasNext: false, next: null, previous: null })
    },
  )
  const detail = () => client.getQueryData<SessionRecording>(recordingQueries.detail(PROJECT, rec.id).queryKey)
  const listed = () => client.getQueryData<{ results: SessionRecording[] }>(listKey)?.results[0]
  return { result, detail, listed }
}

describe('marking a recording viewed', () => {
  it('keeps a second change on screen when the first one’s answer arrives after it', async () => {
    const answers: ((r: Response) => void)[] = []
    fetchMock.mockImplementation((_url, init) =>
      init?.method === 'PATCH'
        ? new Promise((resolve) => answers.push(resolve))
        : Promise.resolve(jsonResponse(200, { count: 1, next: null, previous: null, results: [rec] })),
    )
    const { result, detail, listed } = setup()
    act(() => result.current.mutate({ id: rec.id, patch: { viewed: true } }))
    await waitFor(() => expect(answers).toHaveLength(1))
    act(() => result.current.mutate({ id: rec.id, patch: { viewed: false } }))
    await waitFor(() => expect(answers).toHaveLength(2))
    answers[0]!(jsonResponse(200, { ...rec, viewed: true }))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(detail()?.viewed).toBe(false)
    expect(listed()?.viewed).toBe(false)
    // The list is refreshed once, after the last change.
    expect(fetchMock.mock.calls.filter(([, init]) => !init?.method || init.method === 'GET')).toHaveLength(0)
    answers[1]!(jsonResponse(200, rec))
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(detail()?.viewed).toBe(false)
  })
})

describe('marking a recording viewed as it is opened', () => {
  function setupOpen() {
    const { result, client } = renderHookWithClient(
      () => useMarkViewed(PROJECT),
      (client) =>
        client.setQueryData(listKey, { results: [rec], count: 1, hasNext: false, next: null, previous: null }),
    )
    return { result, listed: () => client.getQueryData<{ results: SessionRecording[] }>(listKey)?.results[0] }
  }

  it('shows it viewed at once and keeps it when a real PostHog answers {success: true}', async () => {
    let answer!: (r: Response) => void
    fetchMock.mockImplementation((_url, init) =>
      init?.method === 'PATCH'
        ? new Promise((resolve) => (answer = resolve))
        : Promise.resolve(
            jsonResponse(200, { count: 1, next: null, previous: null, results: [{ ...rec, viewed: true }] }),
          ),
    )
    const { result, listed } = setupOpen()
    act(() => result.current.mutate({ id: rec.id }))
    await waitFor(() => expect(listed()?.viewed).toBe(true))
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ viewed: true })
    answer(jsonResponse(200, { success: true }))
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(listed()?.viewed).toBe(true)
  })

  it('puts it back when the server refuses', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { type: 'server_error', code: 'error', detail: 'Boom.', attr: null }))
    const { result, listed } = setupOpen()
    act(() => result.current.mutate({ id: rec.id }))
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(listed()?.viewed).toBe(false)
  })
})
