import { gzipSync, strFromU8, strToU8 } from 'fflate'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp } from '../../../../server/app'
import { signIn, signOut } from '../../../api/session'
import { snapshotLoader } from '../../../api/snapshots'
import { parseSnapshotLines } from './parse-snapshots'

// Proxy mode: the console's loader and parser against a stand-in for a real PostHog on loopback,
// answering as PostHog's session_recording_api.py does (blob_v2 sources, then JSONL of a key range,
// 20 keys at most for a personal API key), with posthog-js's compressed events in the data.
const KEY = 'phx_ProxyPlaybackKey0123456789abcdefghijklmnop'
const start = Date.UTC(2026, 0, 5, 9, 0, 0)
const packed = (value: unknown) => strFromU8(gzipSync(strToU8(JSON.stringify(value))), true)
const node = { type: 0, id: 1, childNodes: [{ type: 2, id: 2, tagName: 'html', attributes: {}, childNodes: [] }] }
type Line = [windowId: string, event: { type: number; timestamp: number; [field: string]: unknown }]
const blocks: Line[][] = [
  [
    ['w1', { type: 4, timestamp: start, data: { href: 'https://app.example.com/', width: 1280, height: 800 } }],
    ['w1', { type: 2, timestamp: start, cv: '2024-10', data: packed({ node, initialOffset: { top: 0, left: 0 } }) }],
  ],
  ...Array.from({ length: 24 }, (_, i): Line[] => [
    ['w1', { type: 3, timestamp: start + (i + 1) * 1000, data: { source: 3, id: 1, x: 0, y: i } }],
  ]),
]

let upstream: Server
let proxy: Server
const asked: { url: string; auth?: string }[] = []
const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const url = new URL(req.url!, 'http://upstream')
    asked.push({ url: url.pathname + url.search, auth: req.headers.authorization })
    if (url.pathname !== '/api/projects/7/session_recordings/s1/snapshots/') return void res.writeHead(404).end()
    const q = url.searchParams
    if (!q.get('source')) {
      const sources = blocks.map((b, i) => ({
        source: 'blob_v2',
        start_timestamp: new Date(b[0]![1].timestamp).toISOString(),
        end_timestamp: new Date(b.at(-1)![1].timestamp).toISOString(),
        blob_key: String(i),
      }))
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ sources }))
    }
    const from = Number(q.get('start_blob_key'))
    const to = Number(q.get('end_blob_key'))
    if (to - from > 20)
      return void res.writeHead(400, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          type: 'validation_error',
          code: 'invalid',
          detail: 'Cannot request more than 20 blob keys at once',
          attr: null,
        }),
      )
    const lines = blocks.slice(from, to + 1).flatMap((b) => b.map((line) => JSON.stringify(line)))
    res.writeHead(200, { 'content-type': 'application/jsonl' }).end(lines.join('\n'))
  })
  const upstreamUrl = await listen(upstream)
  proxy = createServer(
    createApp({ UPSTREAM_URL: upstreamUrl, RATE_LIMIT_PER_MINUTE: 0, STATIC_DIR: '/nonexistent', LOG_REQUESTS: '0' }),
  )
  vi.stubGlobal('location', new URL(await listen(proxy)))
  signIn(KEY, { remember: false })
})
afterAll(() => {
  signOut()
  vi.unstubAllGlobals()
  proxy.closeAllConnections()
  proxy.close()
  upstream.closeAllConnections()
  upstream.close()
})

describe('playing a real PostHog’s recording through proxy mode', () => {
  it('lists the sources, loads them 20 keys at a time with the key, and reads the compressed events', async () => {
    const loader = snapshotLoader(7, 's1')
    const sources = await loader.sources()
    expect(sources).toHaveLength(25)
    const batches = loader.batches(sources)
    expect(batches.map((b) => b.length)).toEqual([20, 5])
    const events = []
    for (const batch of batches) {
      const parsed = parseSnapshotLines(await loader.load(batch))
      expect(parsed).toMatchObject({ skipped: 0, corruptChunks: [] })
      events.push(...parsed.events)
    }
    expect(events).toHaveLength(26)
    expect(events[1]).toEqual({ type: 2, timestamp: start, data: { node, initialOffset: { top: 0, left: 0 } } })
    expect(asked.map((a) => a.url)).toEqual([
      '/api/projects/7/session_recordings/s1/snapshots/',
      '/api/projects/7/session_recordings/s1/snapshots/?source=blob_v2&start_blob_key=0&end_blob_key=19',
      '/api/projects/7/session_recordings/s1/snapshots/?source=blob_v2&start_blob_key=20&end_blob_key=24',
    ])
    expect(asked.every((a) => a.auth === `Bearer ${KEY}`)).toBe(true)
  })

  it('reads a 404 from PostHog as a recording without snapshot data', async () => {
    expect(await snapshotLoader(7, 'no-such-session').sources()).toEqual([])
  })
})
