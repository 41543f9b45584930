import { errorBody } from '../contracts/common'

export const UNEXPECTED_SHAPE = 'The server answered in an unexpected shape'

/** What kind of failure: the server's error `type`, or one of ours for failures without a body. */
export type ApiErrorType =
  | 'authentication_error'
  | 'invalid_request'
  | 'server_error'
  | 'throttled_error'
  | 'validation_error'
  | 'network_error'
  | 'unexpected_shape'

type ApiErrorInit = {
  status: number
  type: ApiErrorType
  code: string
  detail: string
  attr?: string | null
  retryAfter?: number | null
  issues?: string[]
}

/** Every failure of the fetch layer, thrown so queries and mutations can react to it. */
export class ApiError extends Error {
  readonly status: number
  readonly type: ApiErrorType
  readonly code: string
  readonly detail: string
  readonly attr: string | null
  /** Seconds to wait before retrying (429 `Retry-After`). */
  readonly retryAfter: number | null
  /** Where a response did not match its schema (for the details toggle). */
  readonly issues: string[]

  constructor(init: ApiErrorInit) {
    super(init.detail)
    this.name = 'ApiError'
    this.status = init.status
    this.type = init.type
    this.code = init.code
    this.detail = init.detail
    this.attr = init.attr ?? null
    this.retryAfter = init.retryAfter ?? null
    this.issues = init.issues ?? []
  }

  /** The scope a 403 says is missing, e.g. `organization:write`. */
  get missingScope(): string | null {
    return /required scope '([^']+)'/.exec(this.detail)?.[1] ?? null
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

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

/**
 * A short, human sentence for any error (toasts, callouts and error states), always ending with its full
 * stop: callers append their own advice ("… Your changes are still here"), and a server's or the
 * browser's text ("Internal boom", "Failed to fetch") often has none.
 */
export function describeError(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 403 && error.missingScope) return `This key lacks scope ${error.missingScope}.`
    return asSentence(error.detail)
  }
  if (error instanceof Error) return asSentence(error.message)
  return 'Something went wrong.'
}

/** The text with a full stop added when it does not already end a sentence (or is empty). */
export function asSentence(text: string): string {
  const trimmed = text.trim()
  if (trimmed === '') return 'Something went wrong.'
  return /[.!?…]["')\]]*$/.test(trimmed) ? trimmed : `${trimmed}.`
}
