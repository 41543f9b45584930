import type * as z from 'zod/mini'
import { errorFromResponse } from './errors'
import { ApiError, UNEXPECTED_SHAPE } from '../lib/api-error'
import { takeFirstRequest } from './first-requests'
import { buildUrl, jsonGetHeaders, type QueryValue } from './request-url'
import { getApiKey, signOut } from './session'

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  query?: Record<string, QueryValue>
  body?: unknown
  signal?: AbortSignal
  /** Use this key instead of the signed-in one (sign-in checks a key before keeping it). */
  key?: string
  /** Send no key at all (a public page: a sharing token in the query is what grants access). */
  anonymous?: boolean
  /** `text`: a successful body is handed to `schema` as the string it is (JSONL is not JSON). */
  responseType?: 'json' | 'text'
}

/** How long one request may take, answer included: a server that hangs must not leave a spinner forever. */
export const REQUEST_TIMEOUT_MS = 30_000

const TIMED_OUT = 'The server took too long to answer. Try again.'
const UNREACHABLE = 'Could not reach the server. Check your connection and try again.'
const OFFLINE = 'You are offline. Check your connection and try again.'

/**
 * The signal one request runs under: aborted by the caller's signal, or by the timeout. `settle`
 * stops both once the request is done.
 */
function deadline(callerSignal: AbortSignal | undefined, ms: number) {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort(new DOMException(TIMED_OUT, 'TimeoutError'))
  }, ms)
  const forward = () => controller.abort(callerSignal?.reason)
  if (callerSignal?.aborted) forward()
  else callerSignal?.addEventListener('abort', forward, { once: true })
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    settle: () => {
      clearTimeout(timer)
      callerSignal?.removeEventListener('abort', forward)
    },
  }
}

const offline = () => globalThis.navigator?.onLine === false

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * The one way the console talks to the API: Bearer key, JSON in and out, every response parsed
 * with its contract schema, within `REQUEST_TIMEOUT_MS`. Throws ApiError (the caller's aborts are
 * rethrown as they are; a timeout is a `network_error` with code `timeout`).
 */
export async function request<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const key = options.anonymous ? null : (options.key ?? getApiKey())
  const asText = options.responseType === 'text'
  const headers = jsonGetHeaders(key)
  if (asText) headers.Accept = '*/*'
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'

  const url = buildUrl(path, options.query)
  const limit = deadline(options.signal, REQUEST_TIMEOUT_MS)
  let response: Response
  let body: unknown
  // The first page's own GETs may already be on their way (started by index.html before this code loaded).
  const early = (options.method ?? 'GET') === 'GET' && !asText && key ? takeFirstRequest(url, key, limit.signal) : null
  try {
    response = await (early ??
      fetch(url, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: limit.signal,
        credentials: 'omit',
      }))
    body = asText && response.ok ? await response.text() : await readBody(response)
  } catch (error) {
    if (options.signal?.aborted) throw error
    const timedOut = limit.timedOut()
    throw new ApiError({
      status: 0,
      type: 'network_error',
      code: timedOut ? 'timeout' : 'network_error',
      detail: timedOut ? TIMED_OUT : offline() ? OFFLINE : UNREACHABLE,
    })
  } finally {
    limit.settle()
  }

  if (!response.ok) {
    const error = errorFromResponse(response, body)
    // A rejected key ends the session everywhere, not just in this request.
    if (response.status === 401 && options.key === undefined && key) signOut(error.detail)
    throw error
  }

  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      type: 'unexpected_shape',
      code: 'unexpected_shape',
      detail: `${UNEXPECTED_SHAPE} (${response.url ? new URL(response.url).pathname : path}).`,
      issues: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    })
  }
  return parsed.data
}
