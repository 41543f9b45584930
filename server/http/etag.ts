import { hash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

/**
 * A weak validator of the decoded content: the same for every encoding of it (hence weak: the bytes on
 * the wire differ between br, gzip and identity, the content does not). Derived from the bytes themselves,
 * so it changes whenever anything in the answer does and can never vouch for a stale copy.
 */
export const contentEtag = (body: Buffer | string) => `W/"${hash('sha1', body, 'base64url')}"`

/** True when `If-None-Match` names `etag` (weak comparison, as RFC 9110 §13.1.2 asks) or is `*`. */
export function notModified(req: IncomingMessage, etag: string): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  const header = req.headers['if-none-match']
  if (!header) return false
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  const wanted = opaque(etag)
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted)
}
