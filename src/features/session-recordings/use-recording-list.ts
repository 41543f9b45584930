import { useMemo } from 'react'
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query'
import { useSearchParams } from 'react-router-dom'
import { recordingQueries } from '../../api/session-recordings'
import { useListParams } from '../../components/use-list-params'
import { checkPage } from './page-only'
import {
  DEFAULT_SORT,
  LIST_OPTIONS,
  listRequest,
  listRequestOf,
  parseFilters,
  writeFilters,
  type Filters,
} from './recording-list-params'

/** Asks for the list page a recordings URL shows (the routes' loaders), with the same request the page makes. */
export function prefetchRecordingList(client: QueryClient, projectId: number, url: URL) {
  if (Number.isInteger(projectId))
    void client.prefetchQuery(recordingQueries.list(projectId, listRequestOf(url.searchParams)))
}

/** Page, size, sort and filters from the URL, the page they select, and what had to be applied locally. */
export function useRecordingList(projectId: number) {
  const list = useListParams(LIST_OPTIONS)
  const [search, setSearch] = useSearchParams()
  const filterKey = search.toString()
  // Parsed once per URL change, so memoised results below stay stable between renders.
  const filters = useMemo(() => parseFilters(new URLSearchParams(filterKey)), [filterKey])
  const params = listRequest(list.query, list.sort, filters)
  const query = useQuery({ ...recordingQueries.list(projectId, params), placeholderData: keepPreviousData })
  const checked = useMemo(
    () => (query.data ? checkPage(query.data.results, filters, list.sort) : undefined),
    [query.data, filters, list.sort],
  )
  return {
    list,
    filters,
    params,
    query,
    page: query.data,
    rows: checked?.rows,
    pageOnly: checked?.pageOnly ?? [],
    setFilters: (next: Filters) => setSearch((prev) => writeFilters(prev, next)),
    /** Filters and, unless null (keep it), a sort together — the AI helper's suggestion — in one history entry. */
    applyView: (sort: string | null, next: Filters) =>
      setSearch((prev) => {
        const out = writeFilters(prev, next)
        if (sort === DEFAULT_SORT) out.delete('sort')
        else if (sort !== null) out.set('sort', sort)
        return out
      }),
  }
}
