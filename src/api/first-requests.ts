import { jsonGetHeaders, origin } from './request-url'

/**
 * The first page's GETs, started by a script inlined in index.html (src/app/first-requests-script.ts)
 * while the console's code is still downloading, and handed to request() when the console asks for the
 * same URL with the same key: once each, and only until the first navigation has loaded (then whatever
 * was not taken is dropped, so no later request can get an old answer). request() parses the answer and
 * its errors as it does any other.
 */
type Started = { key: string; responses: Map<string, Promise<Response>> }

/** Where the inline script leaves them for the console's code (a separate bundle: no module to share). */
const SLOT = '__analyticsAdminFirstRequests'
type Slot = { [SLOT]?: Started }

/** Sends `urls` (same-origin GETs, as request() would send them) and keeps the answers for the console. */
export function startFirstRequests(key: string, urls: URL[], send: typeof fetch = fetch): void {
  const responses = new Map<string, Promise<Response>>()
  for (const url of urls) {
    if (url.origin !== origin()) continue
    const response = send(url, { headers: jsonGetHeaders(key), credentials: 'omit' })
    // A failure is the taker's to report; one nobody takes must not be an unhandled rejection.
    response.catch(() => undefined)
    responses.set(url.href, response)
  }
  ;(globalThis as Slot)[SLOT] = { key, responses }
}

/**
 * The answer already on its way for this URL and key, or null (then the caller fetches). Taken once: a
 * second request for the URL fetches anew. Waiting stops when `signal` aborts (a timeout, a caller's abort).
 */
export function takeFirstRequest(url: URL, key: string, signal?: AbortSignal): Promise<Response> | null {
  const started = (globalThis as Slot)[SLOT]
  const response = started?.responses.get(url.href)
  if (!started || !response) return null
  started.responses.delete(url.href)
  if (started.key !== key) return null
  if (!signal) return response
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const abort = () => reject(signal.reason)
    signal.addEventListener('abort', abort, { once: true })
    response.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}

/** Drops what the first navigation did not take (called once it has loaded). */
export function dropFirstRequests(): void {
  delete (globalThis as Slot)[SLOT]
}
