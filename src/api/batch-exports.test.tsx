// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, waitFor } from '@testing-library/react'
import type { BatchExport, BatchExportRun } from '../contracts/batch-exports'
import { exportFixture, runFixture } from '../testing/fixtures'
import { jsonResponse, renderHookWithClient } from '../testing/render'
import { batchExportQueries, detailRefetchInterval, useSetPaused } from './batch-exports'

const ORG = '7c1f4a5e-7b9e-4c1a-9a57-2f1e1f3b6d10'
const exp = exportFixture()
const page = (results: BatchExport[]) => ({ count: results.length, next: null, previous: null, results })

const fetchMock = vi.fn<typeof fetch>()
beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => vi.unstubAllGlobals())

function setup() {
  const listKey = batchExportQueries.list(ORG, { limit: 25, offset: 0 }).queryKey
  const { result, client } = renderHookWithClient(
    () => useSetPaused(ORG),
    (client) => {
      client.setQueryData(batchExportQueries.detail(ORG, exp.id).queryKey, exp)
      client.setQueryData(listKey, { results: [exp], count: 1, hasNext: false, next: null, previous: null })
    },
  )
  const detail = () => client.getQueryData<BatchExport>(batchExportQueries.detail(ORG, exp.id).queryKey)
  const listed = () => client.getQueryData<{ results: BatchExport[] }>(listKey)?.results[0]
  return { result, detail, listed }
}

describe('pausing an export', () => {
  it('flips detail and list at once, before the server answers', async () => {
    let answer: (r: Response) => void = () => {}
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)))
    const { result, detail, listed } = setup()
    act(() => result.current.mutate({ id: exp.id, name: 'Nightly', paused: true }))
    await waitFor(() => expect(detail()?.paused).toBe(true))
    expect(listed()?.paused).toBe(true)
    expect(detail()?.last_paused_at).not.toBeNull()
    const paused = { ...exp, paused: true, last_paused_at: '2026-03-01T10:00:00Z' }
    fetchMock.mockResolvedValue(jsonResponse(200, page([paused])))
    answer(jsonResponse(200, paused))
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(detail()?.last_paused_at).toBe('2026-03-01T10:00:00Z')
    const [url, init] = fetchMock.mock.calls[0]!
    expect(String(url)).toContain(`/api/organizations/${ORG}/batch_exports/${exp.id}/`)
    expect(init?.method).toBe('PATCH')
    expect(JSON.parse(String(init?.body))).toEqual({ paused: true })
  })

  it('rolls back everywhere when the server refuses', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(500, { type: 'server_error', code: 'error', detail: 'Database is locked.', attr: null }),
    )
    fetchMock.mockResolvedValue(jsonResponse(200, exp))
    const { result, detail, listed } = setup()
    act(() => result.current.mutate({ id: exp.id, name: 'Nightly', paused: true }))
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(detail()?.paused).toBe(false)
    expect(detail()?.last_paused_at).toBeNull()
    expect(listed()?.paused).toBe(false)
  })
})

describe('refreshing the detail page', () => {
  const now = Date.parse('2026-03-12T12:00:00Z')
  const withRun = (status: BatchExportRun['status'], lastUpdate: string): BatchExport =>
    exportFixture({
      latest_runs: [
        runFixture(status, '2026-03-12T10:00:00Z', '2026-03-12T11:00:00Z', {
          records_completed: null,
          records_failed: null,
          records_total_count: null,
          bytes_exported: null,
          created_at: lastUpdate,
          finished_at: null,
          last_updated_at: lastUpdate,
        }),
      ],
    })

  it('polls every 3 s while a run is moving and stops once every run has finished', () => {
    expect(detailRefetchInterval(withRun('Running', '2026-03-12T11:58:00Z'), now)).toBe(3_000)
    expect(detailRefetchInterval(withRun('Completed', '2026-03-12T11:58:00Z'), now)).toBe(false)
    expect(detailRefetchInterval(exp, now)).toBe(false)
  })

  it('slows to every 5 min while runs only wait in Starting', () => {
    expect(detailRefetchInterval(withRun('Starting', '2026-03-12T10:00:00Z'), now)).toBe(300_000)
  })
})
