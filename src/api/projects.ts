import { queryOptions } from '@tanstack/react-query'
import { MAX_LIMIT } from '../contracts/common'
import { project } from '../contracts/projects'
import { pageOf } from './pagination'
import { type Page } from '../lib/page'
import { request } from './request'

const path = (id: number) => `/api/projects/${id}/`

export const projectQueries = {
  all: () => ['projects'] as const,
  lists: () => [...projectQueries.all(), 'list'] as const,
  list: (page: Page) =>
    queryOptions({
      queryKey: [...projectQueries.lists(), page],
      queryFn: ({ signal }) => request('/api/projects/', pageOf(project), { query: page, signal }),
      staleTime: 60_000,
    }),
  /** Every project the key can see (one page of the maximum size), for switchers. */
  switcher: () => projectQueries.list({ limit: MAX_LIMIT, offset: 0 }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...projectQueries.all(), 'detail', id],
      queryFn: ({ signal }) => request(path(id), project, { signal }),
    }),
}
