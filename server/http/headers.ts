import type { ServerResponse } from 'node:http'
import { API_POLICY, sendBody } from './send-body'

/**
 * What a replayed recording may load. The replay iframe is about:blank and inherits its page's policy,
 * so this is what recorded pages get: their styles (inline, as rrweb records them, or linked over
 * https), images and fonts over https or inlined as data:/blob:. Never scripts: `script-src` stays
 * 'self' (and the iframe's sandbox has no allow-scripts). The cost: opening a recording lets its
 * images and fonts be fetched from the hosts the recorded page named.
 */
const REPLAY_SOURCES =
  "style-src 'self' 'unsafe-inline' https:; img-src 'self' data: blob: https:; font-src 'self' data: https:; media-src 'none'"

/**
 * The console's policy; `scriptHashes` (sha256 sources, `'sha256-…'`) allow exactly the inline scripts
 * the server wrote into the page (index.html's first requests), never inline scripts in general.
 */
export const consolePolicy = (scriptHashes: readonly string[] = []) =>
  `default-src 'self'; script-src ${["'self'", ...scriptHashes].join(' ')}; ${REPLAY_SOURCES}; ` +
  "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"

export const CONTENT_SECURITY_POLICY = consolePolicy()

/** The public recording pages: the console's policy, no forms, and framable by any site only when embeddable. */
export const sharedPagePolicy = (embeddable: boolean) =>
  `default-src 'self'; script-src 'self'; ${REPLAY_SOURCES}; object-src 'none'; base-uri 'none'; ` +
  `form-action 'none'; frame-ancestors ${embeddable ? '*' : "'none'"}`

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
