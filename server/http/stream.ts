import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Writable } from 'node:stream'
import { acceptedEncodings, compressStream } from './compress'

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
 * Writes a body produced piece by piece, compressed in the encoding the client prefers (negotiated as
 * every other answer is: br before gzip, `q=0` refuses, identity when nothing fits) and still chunked as
 * it is produced, waiting for the socket
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
  const encoding = acceptedEncodings(req.headers['accept-encoding'])[0]
  res.writeHead(status, {
    ...headers,
    'Cache-Control': 'no-store',
    Vary: 'Accept-Encoding',
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
  })
  const out: Writable = encoding ? compressStream(encoding) : res
  if (encoding) out.pipe(res)
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
