import { useSearchParams } from 'react-router-dom'
import { PAGE_SIZES, toPage } from '../lib/page'
import { parseListParams, writeListParams, type ListParamsOptions } from '../lib/list-params'

type Options = Partial<ListParamsOptions>

/** Page, page size and sort of a list, kept in the URL so reload, deep links and back/forward work. */
export function useListParams(options: Options = {}) {
  const resolved: ListParamsOptions = {
    pageSizes: options.pageSizes ?? PAGE_SIZES,
    defaultPageSize: options.defaultPageSize ?? 100,
    sorts: options.sorts,
    defaultSort: options.defaultSort ?? null,
  }
  const [search, setSearch] = useSearchParams()
  const params = parseListParams(search, resolved)
  const update = (changes: Partial<typeof params>) =>
    setSearch((prev) => writeListParams(prev, { ...parseListParams(prev, resolved), ...changes }, resolved))

  return {
    ...params,
    pageSizes: resolved.pageSizes,
    /** limit/offset for the query. */
    query: toPage(params.page, params.pageSize),
    setPage: (page: number) => update({ page }),
    setPageSize: (pageSize: number) => update({ pageSize, page: 1 }),
    setSort: (sort: string | null) => update({ sort, page: 1 }),
  }
}
