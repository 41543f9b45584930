import { useEffect } from 'react'
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { logEntry, type LogLevel } from '../contracts/batch-exports'
import { refusesPersonalKeys } from '../lib/api-error'
import { batchExportPath, batchExportQueries } from './batch-exports'
import { pageOf } from './pagination'
import { request } from './request'

// An export's logs: only its page reads them, so their infinite query stays out of the other export pages.

/** What the logs tab filters by; empty means "all". */
export type LogFilters = { levels: LogLevel[]; search: string; runId: string | null }

/** A page of logs: everything strictly older than `before` (when set), skipping `offset` of those. */
type LogCursor = { before: string | null; offset: number }

const fetchLogs = (
  orgId: string,
  id: string,
  filters: LogFilters,
  page: LogCursor & { limit: number },
  signal: AbortSignal,
) =>
  request(`${batchExportPath(orgId, id)}logs/`, pageOf(logEntry), {
    signal,
    query: {
      limit: page.limit,
      offset: page.offset || undefined,
      before: page.before,
      level: filters.levels.length ? filters.levels : undefined,
      search: filters.search.trim() || undefined,
      instance_id: filters.runId,
    },
  })

const LOG_PAGE_SIZE = 50
const oneMsLater = (iso: string) => new Date(Date.parse(iso) + 1).toISOString()

export const batchExportLogQueries = {
  /**
   * Newest first; "load older" continues below the newest entry of the first page, so entries
   * arriving meanwhile never shift what is already shown. Kept fresh by `useLiveLogs`, not by time.
   */
  logs: (orgId: string, id: string, filters: LogFilters) =>
    infiniteQueryOptions({
      queryKey: [...batchExportQueries.allLogs(orgId, id), filters],
      queryFn: ({ signal, pageParam }) => fetchLogs(orgId, id, filters, { ...pageParam, limit: LOG_PAGE_SIZE }, signal),
      initialPageParam: { before: null, offset: 0 } as LogCursor,
      getNextPageParam: (last, pages, lastParam): LogCursor | undefined => {
        if (!last.hasNext || last.results.length === 0) return undefined
        const newest = pages[0]?.results[0]?.timestamp
        if (lastParam.before === null)
          return newest ? { before: oneMsLater(newest), offset: last.results.length } : undefined
        return { before: lastParam.before, offset: lastParam.offset + last.results.length }
      },
      staleTime: Infinity,
    }),
  /** The newest entry and the count under the same filters: one small request that says whether the logs changed. */
  newest: (orgId: string, id: string, filters: LogFilters) =>
    queryOptions({
      queryKey: [...batchExportQueries.allLogs(orgId, id), 'newest', filters],
      queryFn: ({ signal }) => fetchLogs(orgId, id, filters, { before: null, offset: 0, limit: 1 }, signal),
      refetchInterval: 5_000,
      staleTime: 0,
    }),
}

/**
 * The logs, live without re-fetching every loaded page every 5 s (TanStack Query v5 refetches all
 * pages of an infinite query): `newestLog` polls, and the pages are re-fetched only when its newest
 * entry or count differs from the first page's.
 */
export function useLiveLogs(orgId: string, id: string, filters: LogFilters) {
  const query = useInfiniteQuery(batchExportLogQueries.logs(orgId, id, filters))
  // A PostHog that does not serve logs to this key will not start to: stop asking every 5 s.
  const newest = useQuery({
    ...batchExportLogQueries.newest(orgId, id, filters),
    enabled: !refusesPersonalKeys(query.error),
  })
  const first = query.data?.pages[0]
  // Only a probe newer than the last attempt counts, so a failed refresh waits for the next probe.
  const changed =
    first !== undefined &&
    newest.data !== undefined &&
    newest.dataUpdatedAt > Math.max(query.dataUpdatedAt, query.errorUpdatedAt) &&
    (newest.data.count !== first.count || newest.data.results[0]?.timestamp !== first.results[0]?.timestamp)
  const { refetch, isFetching } = query
  useEffect(() => {
    if (changed && !isFetching) void refetch()
  }, [changed, isFetching, refetch])
  return { query, refreshing: isFetching || newest.isFetching }
}
