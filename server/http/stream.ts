import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Writable } from 'node:stream'
import { constants, createGzip } from 'node:zlib'

/** Resolves once `stream` wants more data, or once the response is gone (then writing stops). */
const writable = (stream: Writable, res: ServerResponse) =>
  new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done)
      res.off('close', done)
      resolve()
    }
    stream.on('drain', done)
    res.on('close', done)
  })

/**
 * Writes a body produced piece by piece (gzip when the client accepts it), waiting for the socket
 * between pieces so a slow client holds back the producer instead of filling memory. A failure
 * midway aborts the response (the client sees a broken transfer, never a silently short body).
 */
export async function sendStream(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: Iterable<string> | AsyncIterable<string>,
) {
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
  res.writeHead(status, {
    ...headers,
    'Cache-Control': 'no-store',
    Vary: 'Accept-Encoding',
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
  })
  const out: Writable = gzip ? createGzip({ level: constants.Z_BEST_SPEED }) : res
  if (gzip) out.pipe(res)
  try {
    for await (const piece of body) {
      if (res.destroyed) return
      if (!out.write(piece)) await writable(out, res)
    }
    out.end()
  } catch (error) {
    res.destroy()
    throw error
  }
}
