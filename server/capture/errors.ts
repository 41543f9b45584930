import type { ServerResponse } from 'node:http'
import { sendCaptureJson } from './cors'

/**
 * Capture's own error, in the shape PostHog's capture answers (posthog/api/capture.py through
 * generate_exception_response: `{type, code, detail, attr}`), with its texts. Capture shares no code
 * with /api's errors: the two answer different clients and change for different reasons.
 */
export class CaptureError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'validation_error' | 'authentication_error' | 'invalid_request',
    readonly code: string,
    detail: string,
    readonly attr: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail)
  }

  send(res: ServerResponse) {
    sendCaptureJson(
      res,
      this.status,
      { type: this.type, code: this.code, detail: this.message, attr: this.attr },
      this.headers,
    )
  }
}

export const invalidPayload = (detail: string, attr: string | null = null) =>
  new CaptureError(400, 'validation_error', 'invalid_payload', detail, attr)

export const CAPTURE_TEXTS = {
  noData: 'No data found. Make sure to use a POST request when sending the payload in the body of the request.',
  missingToken: 'API key not provided. You can find your project API key in PostHog project settings.',
  invalidToken: 'Project API key invalid. You can find your project API key in PostHog project settings.',
  badTokenShape: (reason: string) => `Provided API key is not valid: ${reason}`,
  multipleTokens: 'Batch submitted with inconsistent api_key values: send one project token per request.',
} as const
