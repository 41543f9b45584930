/** Query values the console sends: arrays repeat the name, null and undefined are left out. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[]

/** This page's origin: the only one the key is sent to. */
export const origin = () => globalThis.location?.origin ?? 'http://localhost'

/**
 * Builds a same-origin URL; an absolute URL elsewhere is refused so the key never leaves this origin.
 * The one place request URLs are written, so a request started early (first-requests.ts) and the same
 * request made by the console's code are the same URL.
 */
export function buildUrl(path: string, query: Record<string, QueryValue> = {}): URL {
  const url = new URL(path, origin())
  if (url.origin !== origin()) throw new Error(`Refusing to send the API key to ${url.origin}.`)
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    url.searchParams.delete(name)
    const values = Array.isArray(value) ? value : [value]
    for (const v of values) url.searchParams.append(name, String(v))
  }
  return url
}

/** The headers of a JSON GET with `key` (request.ts and the first requests send the same). */
export const jsonGetHeaders = (key: string | null): Record<string, string> => ({
  Accept: 'application/json',
  ...(key ? { Authorization: `Bearer ${key}` } : {}),
})
