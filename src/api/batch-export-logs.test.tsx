// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { act, waitFor } from '@testing-library/react'
import type { LogEntry } from '../contracts/batch-exports'
import { exportFixture } from '../testing/fixtures'
import { jsonResponse, renderHookWithClient } from '../testing/render'
import { batchExportLogQueries, useLiveLogs } from './batch-export-logs'

const ORG = '7c1f4a5e-7b9e-4c1a-9a57-2f1e1f3b6d10'
const exp = exportFixture()

const fetchMock = vi.fn<typeof fetch>()
beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => vi.unstubAllGlobals())

describe('log pages', () => {
  const entry = (timestamp: string): LogEntry => ({
    log_source_id: exp.id,
    instance_id: 'run-1',
    timestamp,
    level: 'INFO',
    message: 'x',
  })
  const options = batchExportLogQueries.logs(ORG, exp.id, {
    levels: ['ERROR', 'WARNING'],
    search: ' bucket ',
    runId: 'run-1',
  })
  const first = {
    results: [entry('2026-03-01T10:00:05.000Z'), entry('2026-03-01T10:00:01.000Z')],
    count: 5,
    hasNext: true,
    next: 'http://x/?offset=2',
    previous: null,
  }

  it('continues below the newest entry of the first page, so new entries never shift older pages', () => {
    const second = options.getNextPageParam(first, [first], { before: null, offset: 0 }, [{ before: null, offset: 0 }])
    expect(second).toEqual({ before: '2026-03-01T10:00:05.001Z', offset: 2 })
    const third = options.getNextPageParam(first, [first, first], second!, [{ before: null, offset: 0 }, second!])
    expect(third).toEqual({ before: '2026-03-01T10:00:05.001Z', offset: 4 })
    expect(options.getNextPageParam({ ...first, hasNext: false }, [first], second!, [second!])).toBeUndefined()
  })

  it('sends level, search and run as query parameters', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { count: 0, next: null, previous: null, results: [] }))
    const client = new QueryClient()
    await client.fetchInfiniteQuery(options)
    const url = new URL(String(fetchMock.mock.calls[0]![0]))
    expect(url.pathname).toBe(`/api/organizations/${ORG}/batch_exports/${exp.id}/logs/`)
    expect(url.searchParams.getAll('level')).toEqual(['ERROR', 'WARNING'])
    expect(url.searchParams.get('search')).toBe('bucket')
    expect(url.searchParams.get('instance_id')).toBe('run-1')
    expect(url.searchParams.get('limit')).toBe('50')
    expect(url.searchParams.has('before')).toBe(false)
  })

  describe('staying live', () => {
    const body = (results: LogEntry[], count: number) => ({ count, next: null, previous: null, results })
    const filters = { levels: [], search: '', runId: null }
    const loaded = body([entry('2026-03-01T10:00:05.000Z'), entry('2026-03-01T10:00:01.000Z')], 2)
    const isProbe = (input: unknown) => new URL(String(input)).searchParams.get('limit') === '1'

    /** Loads the first page with a probe that agrees, then polls once more against `next`. */
    async function pollAgainst(next: ReturnType<typeof body>) {
      let newest = body([entry('2026-03-01T10:00:05.000Z')], 2)
      fetchMock.mockImplementation((input) => Promise.resolve(jsonResponse(200, isProbe(input) ? newest : loaded)))
      const { result, client } = renderHookWithClient(() => useLiveLogs(ORG, exp.id, filters))
      await waitFor(() => expect(result.current.query.isSuccess && !result.current.refreshing).toBe(true))
      newest = next
      await act(() => client.refetchQueries({ queryKey: batchExportLogQueries.newest(ORG, exp.id, filters).queryKey }))
      await waitFor(() => expect(result.current.refreshing).toBe(false))
      return fetchMock.mock.calls.filter(([input]) => !isProbe(input)).length
    }

    it('leaves the loaded pages alone while the newest entry and count are unchanged', async () => {
      expect(await pollAgainst(body([entry('2026-03-01T10:00:05.000Z')], 2))).toBe(1)
    })

    it('re-fetches the pages when a newer entry arrived', async () => {
      expect(await pollAgainst(body([entry('2026-03-01T10:00:09.000Z')], 3))).toBe(2)
    })
  })
})
