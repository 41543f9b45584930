import { randomUUID } from 'node:crypto'
import { gzipSync } from 'node:zlib'

/**
 * What posthog-js puts on the wire, built the way its request.ts builds it (for tests, fuzzing and the
 * bench): events in its capture body `{api_key, batch, sent_at}`, `$snapshot` batches as an array,
 * and each of its encodings.
 */

export type Encoding = 'json' | 'gzip-js' | 'gzip-js-param' | 'base64-form' | 'content-encoding-gzip' | 'get-base64'

export interface WireRequest {
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: Buffer | string
}

/** The request posthog-js (or an older one, or a proxy) would send for `data` to `path`. */
export function encodeCapture(path: string, data: unknown, encoding: Encoding): WireRequest {
  const json = JSON.stringify(data)
  switch (encoding) {
    case 'json':
      return { method: 'POST', path, headers: { 'content-type': 'application/json' }, body: json }
    case 'gzip-js':
      // Current posthog-js: gzip body as text/plain, no `compression` in the URL (request.ts buildRequestURL).
      return { method: 'POST', path, headers: { 'content-type': 'text/plain' }, body: gzipSync(json) }
    case 'gzip-js-param':
      return {
        method: 'POST',
        path: `${path}?compression=gzip-js&ver=1.0.0`,
        headers: { 'content-type': 'text/plain' },
        body: gzipSync(json),
      }
    case 'base64-form':
      // sendBeacon's fallback: `data=<base64>` form body and `compression=base64` in the URL.
      return {
        method: 'POST',
        path: `${path}?compression=base64`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `data=${encodeURIComponent(Buffer.from(json).toString('base64'))}`,
      }
    case 'content-encoding-gzip':
      return {
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: gzipSync(json),
      }
    case 'get-base64':
      return {
        method: 'GET',
        path: `${path}?data=${encodeURIComponent(Buffer.from(json).toString('base64'))}`,
        headers: {},
      }
  }
}

export async function sendCapture(base: string, request: WireRequest) {
  const res = await fetch(base + request.path, {
    method: request.method,
    headers: request.headers,
    body: typeof request.body === 'string' || request.body === undefined ? request.body : new Uint8Array(request.body),
  })
  const text = await res.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body }
}

export interface EventOptions {
  token: string
  distinctId: string
  sessionId?: string
  properties?: Record<string, unknown>
  timestamp?: Date
}

/** One posthog-js event as it sits in a batch. */
export function sdkEvent(event: string, o: EventOptions) {
  return {
    uuid: randomUUID(),
    event,
    properties: {
      token: o.token,
      distinct_id: o.distinctId,
      $lib: 'web',
      $lib_version: '1.449.2',
      ...(o.sessionId ? { $session_id: o.sessionId, $window_id: `${o.sessionId}-w` } : {}),
      ...o.properties,
    },
    timestamp: (o.timestamp ?? new Date()).toISOString(),
  }
}

/** The body posthog-js sends to the events endpoint. */
export const eventsBody = (token: string, events: unknown[]) => ({
  api_key: token,
  batch: events,
  sent_at: new Date().toISOString(),
})

/** A `$snapshot` event carrying one window's rrweb events, as posthog-js's recorder sends it. */
export function snapshotEvent(o: EventOptions & { sessionId: string; events: unknown[]; windowId?: string }) {
  return {
    uuid: randomUUID(),
    event: '$snapshot',
    properties: {
      token: o.token,
      distinct_id: o.distinctId,
      $session_id: o.sessionId,
      $window_id: o.windowId ?? `${o.sessionId}-w`,
      $snapshot_source: 'web',
      $snapshot_bytes: JSON.stringify(o.events).length,
      $snapshot_data: o.events,
      $lib: 'web',
    },
    timestamp: new Date().toISOString(),
    sent_at: new Date().toISOString(),
  }
}

/** A full snapshot's data as rrweb serializes a page: a document whose body holds `body` (ids from 4 up). */
export function fullSnapshot(body: unknown[]) {
  return {
    node: {
      type: 0,
      id: 1,
      childNodes: [
        {
          type: 2,
          id: 2,
          tagName: 'html',
          attributes: {},
          childNodes: [{ type: 2, id: 3, tagName: 'body', attributes: {}, childNodes: body }],
        },
      ],
    },
    initialOffset: { left: 0, top: 0 },
  }
}

/**
 * A small rrweb session from `start`: meta with the URL, a full snapshot showing `text`, then `clicks`
 * clicks, `keys` inputs, mouse moves, and console lines (one per level given).
 */
export function rrwebSession(
  start: number,
  o: { url?: string; text?: string; clicks?: number; keys?: number; console?: ('log' | 'warn' | 'error')[] } = {},
) {
  const events: { type: number; timestamp: number; data: unknown }[] = []
  let t = start
  events.push({ type: 4, timestamp: t, data: { href: o.url ?? 'https://shop.example/cart', width: 1280, height: 800 } })
  events.push({
    type: 2,
    timestamp: t,
    data: fullSnapshot([{ type: 3, id: 4, textContent: o.text ?? 'Hello from a captured page' }]),
  })
  for (let i = 0; i < (o.clicks ?? 2); i++) {
    t += 400
    events.push({ type: 3, timestamp: t, data: { source: 1, positions: [{ x: 10 * i, y: 20, id: 3, timeOffset: 0 }] } })
    t += 100
    events.push({ type: 3, timestamp: t, data: { source: 2, type: 2, id: 3, x: 10 * i, y: 20 } })
  }
  for (let i = 0; i < (o.keys ?? 1); i++) {
    t += 200
    events.push({ type: 3, timestamp: t, data: { source: 5, text: 'a'.repeat(i + 1), isChecked: false, id: 4 } })
  }
  for (const level of o.console ?? []) {
    t += 50
    events.push({
      type: 6,
      timestamp: t,
      data: { plugin: 'rrweb/console@1', payload: { level, payload: [`"${level} line"`], trace: [] } },
    })
  }
  return events
}
