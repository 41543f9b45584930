import { useSearchParams } from 'react-router-dom'
import { PAGE_SIZES, toPage } from '../lib/page'
import { parseListParams, resolveListOptions, writeListParams, type ListParamsOptions } from '../lib/list-params'

/** Page, page size and sort of a list, kept in the URL so reload, deep links and back/forward work. */
export function useListParams(options: Partial<ListParamsOptions> = {}) {
  const resolved = resolveListOptions(options)
  const [search, setSearch] = useSearchParams()
  const params = parseListParams(search, resolved)
  const update = (changes: Partial<typeof params>) =>
    setSearch((prev) => writeListParams(prev, { ...parseListParams(prev, resolved), ...changes }, resolved))

  return {
    ...params,
    pageSizes: PAGE_SIZES,
    /** limit/offset for the query (the same as `listWindowOf` gives the route's loader). */
    query: toPage(params.page, params.pageSize),
    setPage: (page: number) => update({ page }),
    setPageSize: (pageSize: number) => update({ pageSize, page: 1 }),
    setSort: (sort: string | null) => update({ sort, page: 1 }),
  }
}
