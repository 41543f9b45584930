import type { IncomingMessage } from 'node:http'
import { HttpError } from './errors'

export const MAX_BODY_BYTES = 1024 * 1024

const tooLarge = () =>
  new HttpError(413, 'invalid_request', 'request_too_large', 'The request body is larger than 1 MiB.')

/** Reads a JSON body: 413 over 1 MiB, 415 for another content type, 400 for malformed JSON; empty is `undefined`. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > MAX_BODY_BYTES) {
    req.resume()
    throw tooLarge()
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) {
      req.resume()
      throw tooLarge()
    }
    chunks.push(chunk)
  }
  if (size === 0) return undefined
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
  if (type !== 'application/json' && !type.endsWith('+json')) {
    throw new HttpError(
      415,
      'invalid_request',
      'unsupported_media_type',
      `Unsupported media type "${type || 'none'}" in request. Send JSON with Content-Type: application/json.`,
    )
  }
  const text = Buffer.concat(chunks).toString('utf8')
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'invalid JSON'
    throw new HttpError(400, 'invalid_request', 'parse_error', `JSON parse error - ${reason}`)
  }
}
