import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { HttpError } from './errors'
import { sendJson } from './headers'

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'content-encoding',
])

/** Proxy mode: forwards /api/* to the upstream with the caller's Authorization; nothing is stored. */
export function createProxy(upstream: string, timeoutMs = 30_000) {
  const base = upstream.replace(/\/$/, '')
  return async (req: IncomingMessage, res: ServerResponse, pathAndQuery: string) => {
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name) || name === 'cookie') continue
      headers.set(name, Array.isArray(value) ? value.join(', ') : value)
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
    try {
      // Node's fetch needs duplex for streamed bodies; the DOM's RequestInit (seen by e2e, which imports the app) lacks it.
      const init: RequestInit & { duplex?: 'half' } = {
        method: req.method,
        headers,
        body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
        duplex: hasBody ? 'half' : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      }
      const upstreamRes = await fetch(base + pathAndQuery, init)
      const out: Record<string, string> = { 'Cache-Control': 'no-store' }
      upstreamRes.headers.forEach((value, name) => {
        if (!HOP_BY_HOP.has(name) && name !== 'set-cookie') out[name] = value
      })
      const body = Buffer.from(await upstreamRes.arrayBuffer())
      res.writeHead(upstreamRes.status, { ...out, 'Content-Length': body.length })
      res.end(body)
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError'
      const failure = new HttpError(
        timedOut ? 504 : 502,
        'server_error',
        timedOut ? 'upstream_timeout' : 'upstream_unreachable',
        timedOut
          ? `The upstream PostHog instance did not answer within ${timeoutMs / 1000} s.`
          : `Could not reach the upstream PostHog instance at ${base}.`,
      )
      sendJson(res, failure.status, failure.body())
    }
  }
}
