import type { ErrorBody, ErrorType } from '../../src/contracts/common'

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
