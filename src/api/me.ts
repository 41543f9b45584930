import { queryOptions } from '@tanstack/react-query'
import { me, personalApiKey } from '../contracts/users'
import { CURRENT_KEY_PATH, CURRENT_USER_PATH } from './api-paths'
import { request } from './request'

/** The signed-in user and the key in use. */
export const meQueries = {
  all: () => ['me'] as const,
  user: () =>
    queryOptions({
      queryKey: [...meQueries.all(), 'user'],
      queryFn: ({ signal }) => request(CURRENT_USER_PATH, me, { signal }),
      staleTime: 60_000,
    }),
  currentKey: () =>
    queryOptions({
      queryKey: [...meQueries.all(), 'key'],
      queryFn: ({ signal }) => request(CURRENT_KEY_PATH, personalApiKey, { signal }),
      staleTime: 5 * 60_000,
    }),
}

/** Checks a key before keeping it: resolves with its description, or throws ApiError (401 for a bad key). */
export function verifyKey(key: string, signal?: AbortSignal) {
  return request(CURRENT_KEY_PATH, personalApiKey, { key, signal })
}
