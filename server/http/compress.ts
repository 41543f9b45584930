import type { IncomingHttpHeaders } from 'node:http'
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  gzipSync,
} from 'node:zlib'

/** The encodings this server produces, in the order it prefers them when a client rates them equally. */
export const ENCODINGS = ['br', 'gzip'] as const
export type Encoding = (typeof ENCODINGS)[number]

/** Where the build puts a file's precompressed copies: `app.js` → `app.js.br`, `app.js.gz`. */
export const PRECOMPRESSED_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' }

const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/
// RFC 9110 §12.4.2: 0 to 1 with at most three decimals. Anything else makes the entry unusable.
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/

type AcceptEncoding = IncomingHttpHeaders['accept-encoding'] | string[]

/**
 * The encodings out of `available` that `Accept-Encoding` allows, best first (by q, then by our order).
 * No header, an empty one, or one that names nothing we have: none (the caller sends identity).
 * Malformed entries (bad token, bad q) are skipped, not guessed at; `q=0` refuses; `*` covers the rest;
 * `x-gzip` counts as gzip. Identity is never refused here: when nothing fits, identity is what is sent.
 */
export function acceptedEncodings(header: AcceptEncoding): Encoding[]
export function acceptedEncodings<E extends string>(header: AcceptEncoding, available: readonly E[]): E[]
export function acceptedEncodings(header: AcceptEncoding, available: readonly string[] = ENCODINGS): string[] {
  const text = Array.isArray(header) ? header.join(',') : header
  if (!text) return []
  const rated = new Map<string, number>()
  for (const entry of text.slice(0, 1024).split(',')) {
    const [rawToken = '', ...params] = entry.split(';')
    let token = rawToken.trim().toLowerCase()
    if (!TOKEN.test(token)) continue
    if (token === 'x-gzip') token = 'gzip'
    let q = 1
    let valid = true
    for (const param of params) {
      const [name = '', value = ''] = param.split('=').map((s) => s.trim())
      if (name.toLowerCase() !== 'q') continue
      valid = QVALUE.test(value)
      q = Number(value)
    }
    if (valid && !rated.has(token)) rated.set(token, q)
  }
  const wildcard = rated.get('*') ?? 0
  return available
    .map((encoding, order) => ({ encoding, order, q: rated.get(encoding) ?? wildcard }))
    .filter((c) => c.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map((c) => c.encoding)
}

/**
 * How hard to compress. `fast` is for answers made per request (API JSON): brotli quality 1 and gzip
 * level 1, the cheapest settings, measured in bench/compression.ts (on a 100-row recordings page: about
 * 6× smaller for well under a millisecond; higher levels gain 10-20 % more for 2-5× the CPU).
 * `max` is for bodies compressed once and kept (a rewritten index.html): brotli 11, gzip 9.
 */
export type Effort = 'fast' | 'max'

const options = (encoding: Encoding, effort: Effort, size: number) =>
  encoding === 'br'
    ? {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: effort === 'fast' ? 1 : 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: size,
        },
      }
    : { level: effort === 'fast' ? 1 : 9 }

export function compressSync(body: Buffer, encoding: Encoding, effort: Effort): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, options('br', effort, body.length))
    : gzipSync(body, options('gzip', effort, body.length))
}

/** The same off the main thread (libuv's pool), for bodies large enough to hold up other requests. */
export function compressAsync(body: Buffer, encoding: Encoding, effort: Effort): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, out: Buffer) => (error ? reject(error) : resolve(out))
    if (encoding === 'br') brotliCompress(body, options('br', effort, body.length), done)
    else gzip(body, options('gzip', effort, body.length), done)
  })
}

/** A compressing stream for a body written piece by piece (a streamed answer): no size hint, `fast`. */
export function compressStream(encoding: Encoding) {
  return encoding === 'br' ? createBrotliCompress(options('br', 'fast', 0)) : createGzip(options('gzip', 'fast', 0))
}

/** Adds `Accept-Encoding` to a Vary header value without repeating it. */
export function varyOnEncoding(current: string | number | string[] | undefined): string {
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (names.includes('*') || names.some((n) => n.toLowerCase() === 'accept-encoding')) return names.join(', ')
  return [...names, 'Accept-Encoding'].join(', ')
}
