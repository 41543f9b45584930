import { request, type IncomingHttpHeaders } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'

export interface RawResponse {
  status: number
  headers: IncomingHttpHeaders
  /** The bytes as they came over the wire (not decoded, unlike fetch). */
  body: Buffer
}

/**
 * One request with node:http, which sends only the headers given (fetch adds its own Accept-Encoding)
 * and hands back the body undecoded, so tests see the encoding and length the server chose.
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('error', reject)
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end(options.body)
  })
}

/** The body decoded according to its Content-Encoding (identity when there is none). */
export function decoded(res: RawResponse): Buffer {
  const encoding = res.headers['content-encoding']
  if (!encoding) return res.body
  if (encoding === 'br') return brotliDecompressSync(res.body)
  if (encoding === 'gzip') return gunzipSync(res.body)
  throw new Error(`unexpected Content-Encoding ${encoding}`)
}
