import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import type { OutgoingHttpHeaders } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { acceptedEncodings, varyOnEncoding } from './compress'
import { HttpError } from './errors'
import { sendJson } from './headers'
import { API_POLICY, sendBody } from './send-body'

/** Headers that describe one connection, not the message (RFC 9110 §7.6.1): never forwarded either way. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
])

const DECODERS: Record<string, (body: Buffer) => Buffer> = {
  gzip: gunzipSync,
  br: brotliDecompressSync,
  deflate: inflateSync,
}

/**
 * Proxy mode: forwards /api/* to the upstream with the caller's Authorization; nothing is stored.
 *
 * Encodings: the caller's Accept-Encoding goes upstream as it is, and an encoded answer comes back
 * byte for byte with its Content-Encoding and its own length (never compressed twice, never decoded
 * needlessly). Should the upstream encode in a way the caller did not accept, the proxy decodes it.
 * An identity JSON answer is compressed as the local server's are (send-body.ts).
 */
export function createProxy(upstream: string, timeoutMs = 30_000) {
  const base = new URL(upstream.replace(/\/$/, ''))
  const basePath = base.pathname.replace(/\/$/, '')
  const secure = base.protocol === 'https:'
  const send = secure ? httpsRequest : httpRequest
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true })

  return (req: IncomingMessage, res: ServerResponse, pathAndQuery: string) =>
    new Promise<void>((resolve) => {
      let settled = false
      const fail = (timedOut: boolean) => {
        if (settled) return
        settled = true
        const failure = new HttpError(
          timedOut ? 504 : 502,
          'server_error',
          timedOut ? 'upstream_timeout' : 'upstream_unreachable',
          timedOut
            ? `The upstream PostHog instance did not answer within ${timeoutMs / 1000} s.`
            : `Could not reach the upstream PostHog instance at ${base.origin}${basePath}.`,
        )
        if (!res.headersSent) sendJson(res, failure.status, failure.body())
        else res.destroy()
        resolve()
      }
      const signal = AbortSignal.timeout(timeoutMs)
      const out = send(
        {
          protocol: base.protocol,
          hostname: base.hostname,
          port: base.port || undefined,
          path: basePath + pathAndQuery,
          method: req.method,
          headers: forwardedRequestHeaders(req),
          agent,
          signal,
        },
        (answer) => {
          const chunks: Buffer[] = []
          answer.on('data', (chunk: Buffer) => chunks.push(chunk))
          answer.on('error', () => fail(signal.aborted))
          answer.on('end', () => {
            if (settled) return
            try {
              relay(req, res, answer, Buffer.concat(chunks))
              settled = true
              resolve()
            } catch {
              // An answer this proxy cannot relay is the upstream's failure, never a crash of ours.
              fail(false)
            }
          })
        },
      )
      out.on('error', () => fail(signal.aborted))
      if (req.method === 'GET' || req.method === 'HEAD') out.end()
      else req.pipe(out)
    })
}

function forwardedRequestHeaders(req: IncomingMessage): OutgoingHttpHeaders {
  const named = connectionHeaders(req.headers.connection)
  const headers: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.has(name) || name === 'cookie') continue
    headers[name] = value
  }
  return headers
}

/** Headers a Connection header names are hop-by-hop too. */
const connectionHeaders = (value: string | string[] | undefined) =>
  new Set(
    (Array.isArray(value) ? value.join(',') : (value ?? ''))
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  )

/** Writes the upstream's answer to the caller: status, end-to-end headers and the body in a fitting encoding. */
function relay(req: IncomingMessage, res: ServerResponse, answer: IncomingMessage, body: Buffer) {
  const named = connectionHeaders(answer.headers.connection)
  const headers: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.has(name) || name === 'set-cookie') continue
    if (name === 'content-length' || name === 'content-encoding') continue
    headers[name] = value
  }
  headers['cache-control'] = 'no-store'
  const status = answer.statusCode ?? 502
  const encoding = (answer.headers['content-encoding'] ?? '').trim().toLowerCase()
  const upstreamLength = answer.headers['content-length']

  // No body by definition: the upstream's own length and encoding describe the GET answer, keep them.
  if (req.method === 'HEAD' || status === 204 || status === 304) {
    if (encoding) headers['content-encoding'] = encoding
    if (upstreamLength !== undefined && status !== 204) headers['content-length'] = upstreamLength
    res.writeHead(status, headers).end()
    return
  }
  if (encoding && encoding !== 'identity') {
    headers.vary = varyOnEncoding(headers.vary)
    const token = encoding === 'x-gzip' ? 'gzip' : encoding
    const decode = DECODERS[token]
    const callerAccepts = acceptedEncodings(req.headers['accept-encoding'], [token]).length > 0
    let out = body
    try {
      // Decoded only for a caller that did not accept the upstream's choice and only when we can.
      if (!callerAccepts && decode) out = decode(body)
    } catch {
      // Not decodable after all: the caller gets exactly what the upstream sent.
    }
    const encoded = out === body ? { 'content-encoding': encoding } : {}
    res.writeHead(status, { ...headers, ...encoded, 'content-length': out.length }).end(out)
    return
  }
  const json = /^application\/(?:[\w.+-]+\+)?json\b/i.test(String(headers['content-type'] ?? ''))
  if (!json) {
    res.writeHead(status, { ...headers, 'content-length': body.length }).end(body)
    return
  }
  // The upstream's own ETag stands; ours would describe the same bytes differently.
  sendBody(res, status, body, headers, { ...API_POLICY, etag: false })
}
