import type { IncomingMessage } from 'node:http'
import { promisify } from 'node:util'
import { gunzip } from 'node:zlib'
import { CaptureError, CAPTURE_TEXTS } from './errors'

const gunzipAsync = promisify(gunzip)
const MiB = 1024 * 1024

/**
 * How much one capture request may carry: 10 MiB as sent (what posthog-js sends is far smaller: it
 * flushes a recording's buffer at about 1 MB before compression) and 20 MiB once decompressed and
 * decoded (PostHog's capture takes 20 MB batches). Over either: 413, nothing stored.
 */
export const CAPTURE_LIMITS = { sentBytes: 10 * MiB, decodedBytes: 20 * MiB } as const

const tooLarge = (what: string) =>
  new CaptureError(
    413,
    'invalid_request',
    'payload_too_large',
    `${what}. Capture takes at most ${CAPTURE_LIMITS.sentBytes / MiB} MiB as sent and ${CAPTURE_LIMITS.decodedBytes / MiB} MiB decompressed per request; send smaller batches.`,
  )
const malformed = (reason: string) =>
  new CaptureError(400, 'validation_error', 'invalid_payload', `Malformed request data: ${reason}`)

/** The raw body, refused past the sent-size limit without reading the rest into memory. */
export async function readCaptureBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > CAPTURE_LIMITS.sentBytes) {
    req.resume()
    throw tooLarge('The request body is too large')
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > CAPTURE_LIMITS.sentBytes) {
      req.resume()
      throw tooLarge('The request body is too large')
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

const isGzip = (bytes: Buffer) => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b

/** Gunzips off the event loop (zlib's thread pool), stopping at the decoded limit: a bomb costs 20 MiB, no more. */
async function gunzipCapped(bytes: Buffer): Promise<Buffer> {
  try {
    return await gunzipAsync(bytes, { maxOutputLength: CAPTURE_LIMITS.decodedBytes })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError)
      throw tooLarge('The request body decompresses to too much data')
    throw malformed(`invalid gzip data (${(error as Error).message})`)
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true })
function text(bytes: Buffer): string {
  try {
    return utf8.decode(bytes)
  } catch {
    throw malformed('the payload is not valid UTF-8')
  }
}

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/
/** PostHog's legacy base64 (form `data=` or `compression=base64`): `+` may arrive as a space from form decoding. */
function fromBase64(value: string): string {
  const cleaned = value.replace(/ /g, '+').replace(/[\r\n]/g, '')
  if (!BASE64.test(cleaned)) throw malformed('the payload is not valid base64')
  return text(Buffer.from(cleaned, 'base64'))
}

const COMPRESSIONS = new Set(['gzip-js', 'gzip', 'base64', 'lz64', 'none', ''])

/** The request's payload as JSON, whichever way the SDK (or an older one, or a server library) encoded it. */
export interface DecodedCapture {
  data: unknown
  /** The form fields of an `application/x-www-form-urlencoded` body (a token may sit there). */
  form: URLSearchParams | null
}

/**
 * Undoes what the SDK did to the body: `Content-Encoding: gzip`; a form body's `data=` field; gzip by
 * its magic bytes whatever the hint (posthog-js drops `?compression=gzip-js` from the URL now) or by
 * `compression=gzip-js|gzip`; base64 (`compression=base64`, or a form field that is not JSON); then JSON.
 * GET carries the payload in `?data=`.
 */
export async function decodeCapture(req: IncomingMessage, url: URL, body: Buffer | null): Promise<DecodedCapture> {
  let form: URLSearchParams | null = null
  let compression = (url.searchParams.get('compression') ?? '').toLowerCase()
  let payload: Buffer
  if (body === null) {
    const data = url.searchParams.get('data')
    if (!data) throw new CaptureError(400, 'validation_error', 'no_data', CAPTURE_TEXTS.noData)
    payload = Buffer.from(data)
  } else {
    if (body.length === 0) throw new CaptureError(400, 'validation_error', 'no_data', CAPTURE_TEXTS.noData)
    payload = await contentDecoded(req, body)
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
    if (type === 'application/x-www-form-urlencoded' && !isGzip(payload)) {
      form = new URLSearchParams(text(payload))
      const data = form.get('data')
      if (!data) throw new CaptureError(400, 'validation_error', 'no_data', CAPTURE_TEXTS.noData)
      compression ||= (form.get('compression') ?? '').toLowerCase()
      payload = Buffer.from(data)
    }
  }
  if (!COMPRESSIONS.has(compression))
    throw malformed(`unknown compression "${compression.slice(0, 40)}" (send gzip-js, base64 or none)`)
  if (compression === 'lz64')
    throw malformed('lz64 compression is no longer supported; use a current posthog-js, which sends gzip')

  let json: string
  if (isGzip(payload) || compression === 'gzip-js' || compression === 'gzip') json = text(await gunzipCapped(payload))
  else if (compression === 'base64') json = fromBase64(text(payload))
  else {
    json = text(payload)
    // A form's (or GET's) `data` is base64 unless it is plain JSON, as PostHog reads it.
    if ((form || body === null) && !/^\s*[[{]/.test(json)) json = fromBase64(json)
  }
  if (Buffer.byteLength(json) > CAPTURE_LIMITS.decodedBytes) throw tooLarge('The decoded payload is too large')
  try {
    return { data: JSON.parse(json) as unknown, form }
  } catch (error) {
    throw malformed((error as Error).message)
  }
}

/** `Content-Encoding: gzip` is undone first; an encoding capture cannot read is refused by name. */
async function contentDecoded(req: IncomingMessage, body: Buffer): Promise<Buffer> {
  const encoding = (req.headers['content-encoding'] ?? '').trim().toLowerCase()
  if (encoding === '' || encoding === 'identity') return body
  if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipCapped(body)
  throw new CaptureError(
    415,
    'invalid_request',
    'unsupported_content_encoding',
    `Content-Encoding "${encoding.slice(0, 40)}" is not supported: send gzip or no encoding.`,
  )
}
