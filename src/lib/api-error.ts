// What a failed request is, and how to say it: shared by the fetch layer, the pages and the shared
// components (which show errors but know no API).

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

/**
 * A 403 from an endpoint PostHog serves to its own app only, never to a personal API key, whatever
 * its scopes ("This action does not support personal API key access", posthog/permissions.py).
 */
export const refusesPersonalKeys = (error: unknown) =>
  isApiError(error) && error.status === 403 && /does not support personal api key access/i.test(error.detail)

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
