import { isApiError } from '../lib/api-error'

const MAX_RETRIES = 3

/** Only failures that may pass on their own are retried: network errors, 5xx and 429. */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return false
  return error.type === 'network_error' || error.status >= 500 || error.status === 429
}

/** react-query `retry` for queries. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isRetryable(error)
}

/** react-query `retry` for mutations: only 429, the one failure that says nothing was done. */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isApiError(error) && error.status === 429
}

/** Exponential backoff (1s, 2s, 4s … max 30s), or exactly what `Retry-After` asks for. */
export function retryDelay(failureCount: number, error: unknown): number {
  if (isApiError(error) && error.retryAfter !== null) return Math.min(error.retryAfter, 120) * 1000
  return Math.min(1000 * 2 ** Math.max(0, failureCount - 1), 30_000)
}
