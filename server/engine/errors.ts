/**
 * Every failure of a run is classified once, here: retryable (the network, throttling, a server
 * that is briefly down) or not (credentials, a missing bucket or table, a refused request). The
 * destination's own words are kept for `latest_error`.
 */
export class ExportError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message)
    this.name = 'ExportError'
  }
}

/** A run stopped because a user cancelled it. */
export class CancelledError extends Error {
  constructor() {
    super('Cancelled by a user.')
    this.name = 'CancelledError'
  }
}

const RETRYABLE_NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
])

/** AWS error codes that a retry can get past; every other S3 error is about the configuration. */
const RETRYABLE_AWS = new Set([
  'SlowDown',
  'Throttling',
  'ThrottlingException',
  'RequestTimeout',
  'RequestTimeTooSkewed',
  'InternalError',
  'ServiceUnavailable',
  'TimeoutError',
  'RequestTimeoutException',
])

/** Postgres SQLSTATE classes a retry can get past: connection exceptions, resources, operator intervention. */
const RETRYABLE_PG_CLASSES = ['08', '53', '57', '40']

interface ErrorLike {
  name?: string
  code?: string
  message?: string
  cause?: unknown
  $metadata?: { httpStatusCode?: number }
  Code?: string
}

function networkCode(error: ErrorLike, depth = 0): string | undefined {
  if (!error || typeof error !== 'object' || depth > 4) return undefined
  if (typeof error.code === 'string' && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(error.code)) return error.code
  return networkCode(error.cause as ErrorLike, depth + 1)
}

/** The destination's own words: the AWS error code and text, the Postgres message, the socket error. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const e = error as ErrorLike
  const code = networkCode(e)
  if (code && !error.message.includes(code)) return `${error.message} (${code})`
  if (e.$metadata && e.name && e.name !== 'Error' && !error.message.startsWith(e.name))
    return `${e.name}: ${error.message || `HTTP ${e.$metadata.httpStatusCode ?? '?'}`}`
  return error.message || error.name
}

/** Retryable or not, with the message to keep. */
export function classify(error: unknown): ExportError | CancelledError {
  if (error instanceof ExportError || error instanceof CancelledError) return error
  const e = (error ?? {}) as ErrorLike
  const message = describeError(error)
  if (e.name === 'AbortError') return new ExportError(`The request timed out: ${message}`, true)
  const code = networkCode(e)
  if (code) return new ExportError(message, RETRYABLE_NETWORK.has(code))
  if (e.$metadata) {
    const status = e.$metadata.httpStatusCode ?? 0
    return new ExportError(message, RETRYABLE_AWS.has(e.name ?? '') || status >= 500 || status === 429)
  }
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
    return new ExportError(message, RETRYABLE_PG_CLASSES.includes(e.code.slice(0, 2)))
  }
  return new ExportError(message, false)
}
