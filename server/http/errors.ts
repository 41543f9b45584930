import type { ErrorBody, ErrorType } from '../../src/contracts/common'
import type { z } from 'zod'

/** An error that becomes the PostHog-shaped error body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    readonly code: string,
    detail: string,
    readonly attr: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail)
  }

  body(): ErrorBody {
    return { type: this.type, code: this.code, detail: this.message, attr: this.attr }
  }
}

export const notFound = (detail = 'Not found.') => new HttpError(404, 'invalid_request', 'not_found', detail)
export const forbidden = (detail: string) => new HttpError(403, 'authentication_error', 'permission_denied', detail)
export const invalid = (detail: string, attr: string | null = null, code = 'invalid_input') =>
  new HttpError(400, 'validation_error', code, detail, attr)

/** The first zod issue as a validation_error naming its field (`destination__config__bucket_name`). */
export function fromZod(error: z.ZodError, prefix: string[] = []): HttpError {
  const issue = error.issues[0]
  if (!issue) return invalid('Invalid input.')
  let path = [...prefix, ...issue.path.map(String)]
  let detail = issue.message
  if (issue.code === 'unrecognized_keys') {
    path = [...path, issue.keys[0] ?? '']
    detail = `Unknown field: ${issue.keys.join(', ')}.`
  } else if (issue.code === 'invalid_type' && issue.input === undefined) {
    detail = 'This field is required.'
  }
  return invalid(
    detail,
    path.length ? path.join('__') : null,
    issue.code === 'unrecognized_keys' ? 'unknown_field' : 'invalid_input',
  )
}
