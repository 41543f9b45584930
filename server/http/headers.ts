import type { ServerResponse } from 'node:http'
import { API_POLICY, sendBody } from './send-body'

export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"

const SECURITY_HEADERS: [string, string][] = [
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'no-referrer'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
]

export function setSecurityHeaders(res: ServerResponse) {
  for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value)
}

/**
 * Writes a JSON answer (never cached): compressed when it is large enough and the client accepts it, and
 * with a content ETag (304 on a matching If-None-Match) when it answers a GET with 200 (send-body.ts).
 */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const payload = body === undefined ? '' : JSON.stringify(body)
  const head = { ...headers, 'Cache-Control': 'no-store' }
  if (!payload) return void res.writeHead(status, { ...head, 'Content-Length': 0 }).end()
  sendBody(res, status, Buffer.from(payload), { ...head, 'Content-Type': 'application/json' }, API_POLICY)
}
