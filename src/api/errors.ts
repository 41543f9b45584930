import { errorBody } from '../contracts/common'
import { ApiError, type ApiErrorType } from '../lib/api-error'

/** Parses `Retry-After` (seconds or an HTTP date) into whole seconds. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds))
  const date = Date.parse(value)
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000))
}

const fallbackType = (status: number): ApiErrorType =>
  status === 401
    ? 'authentication_error'
    : status === 429
      ? 'throttled_error'
      : status >= 500
        ? 'server_error'
        : 'invalid_request'

/** Turns a non-2xx response into an ApiError, whether or not it carries PostHog's error body. */
export function errorFromResponse(response: Response, body: unknown): ApiError {
  const retryAfter = parseRetryAfter(response.headers.get('Retry-After'))
  const parsed = errorBody.safeParse(body)
  if (parsed.success) return new ApiError({ status: response.status, retryAfter, ...parsed.data })
  const type = fallbackType(response.status)
  const answer = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`
  // Failures that usually pass on their own say so, like the network error does.
  const advice = type === 'server_error' || type === 'throttled_error' ? ' Try again in a moment.' : ''
  return new ApiError({
    status: response.status,
    type,
    code: `http_${response.status}`,
    detail: `The server answered ${answer}.${advice}`,
    retryAfter,
  })
}
