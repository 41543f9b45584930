import { queryOptions } from '@tanstack/react-query'
import { me, personalApiKey } from '../contracts/users'
import { request } from './request'

/** The signed-in user and the key in use. */
export const meQueries = {
  all: () => ['me'] as const,
  user: () =>
    queryOptions({
      queryKey: [...meQueries.all(), 'user'],
      queryFn: ({ signal }) => request('/api/users/@me/', me, { signal }),
      staleTime: 60_000,
    }),
  currentKey: () =>
    queryOptions({
      queryKey: [...meQueries.all(), 'key'],
      queryFn: ({ signal }) => request('/api/personal_api_keys/@current/', personalApiKey, { signal }),
      staleTime: 5 * 60_000,
    }),
}

/** Checks a key before keeping it: resolves with its description, or throws ApiError (401 for a bad key). */
export function verifyKey(key: string, signal?: AbortSignal) {
  return request('/api/personal_api_keys/@current/', personalApiKey, { key, signal })
}
