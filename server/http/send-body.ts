import type { OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { acceptedEncodings, compressAsync, compressSync, varyOnEncoding, type Encoding } from './compress'
import { contentEtag, notModified } from './etag'

export interface BodyPolicy {
  /** 200 answers to GET carry a content ETag, and a matching `If-None-Match` gets 304 instead. */
  etag: boolean
  /** Bodies below this many bytes go out as they are (compressing them saves less than a packet). */
  minSize: number
}

/** JSON the server builds per request: compressed from about 1 KB, ETags on what a GET returns. */
export const API_POLICY: BodyPolicy = { etag: true, minSize: 1024 }

/**
 * Above this size a body is compressed off the main thread, so one very large page (1000 rows: 5-15 ms of
 * brotli/gzip) holds up no other request. Below it, inline: a 100-row page takes about 0.3 ms, and the
 * trip through libuv's pool measured slower (p90 of sequential list requests 5.9 ms async, 2.5 ms inline).
 */
const ASYNC_FROM = 256 * 1024

/**
 * Writes an in-memory body in the best encoding the request accepts (identity when nothing fits), with
 * `Vary: Accept-Encoding` whenever the encoding could depend on it and the right `Content-Length`.
 * HEAD gets the same headers without the body (node drops the body of a HEAD answer).
 */
export function sendBody(
  res: ServerResponse,
  status: number,
  body: Buffer,
  headers: OutgoingHttpHeaders,
  policy: BodyPolicy,
) {
  const req = res.req
  const head = varyNormalized(headers)
  const compressible = body.length >= policy.minSize
  if (compressible) head.Vary = varyOnEncoding(head.Vary)
  if (policy.etag && status === 200 && (req.method === 'GET' || req.method === 'HEAD')) {
    head.ETag = contentEtag(body)
    if (notModified(req, head.ETag)) return sendNotModified(res, head)
  }
  const encoding = compressible ? acceptedEncodings(req.headers['accept-encoding'])[0] : undefined
  if (!encoding) return write(res, status, head, body)
  if (body.length < ASYNC_FROM) return write(res, status, head, body, encoding, compressSync(body, encoding, 'fast'))
  res.statusCode = status // read by the request log before the answer is written
  compressAsync(body, encoding, 'fast').then(
    (encoded) => write(res, status, head, body, encoding, encoded),
    () => write(res, status, head, body),
  )
}

/** 304: the headers a 200 would have had that describe the representation, and no body (RFC 9110 §15.4.5). */
export function sendNotModified(res: ServerResponse, headers: OutgoingHttpHeaders) {
  const keep = ['etag', 'cache-control', 'vary', 'expires', 'content-location', 'last-modified']
  const out: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) if (keep.includes(name.toLowerCase())) out[name] = value
  res.writeHead(304, out).end()
}

function write(
  res: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  body: Buffer,
  encoding?: Encoding,
  encoded?: Buffer,
) {
  // An encoding that does not make the body smaller is not worth the client's CPU.
  const useEncoded = encoding && encoded && encoded.length < body.length
  const out = useEncoded ? encoded : body
  res.writeHead(status, {
    ...headers,
    ...(useEncoded ? { 'Content-Encoding': encoding } : {}),
    'Content-Length': out.length,
  })
  res.end(out)
}

/** The headers with any `vary` (whatever its case) moved to `Vary`, so it is written once. */
function varyNormalized(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === 'vary') out.Vary = value
    else out[name] = value
  }
  return out
}
