import { queryOptions } from '@tanstack/react-query'
import { MAX_LIMIT } from '../contracts/common'
import { captureConfig, project } from '../contracts/projects'
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
  /**
   * Whether this server captures for the token (local mode answers posthog-js's remote config; in proxy
   * mode the path is the console's own page, and capture is the upstream PostHog's).
   */
  capture: (token: string) =>
    queryOptions({
      queryKey: [...projectQueries.all(), 'capture', token],
      queryFn: ({ signal }) =>
        request(`/array/${encodeURIComponent(token)}/config`, captureConfig, { signal, anonymous: true }).then(
          (config) => config.sessionRecording !== false,
          () => false,
        ),
      staleTime: Infinity,
      retry: false,
    }),
}
