import { createHash } from 'node:crypto'
import type { SnapshotEvent } from '../db/snapshots'
import { CaptureError, CAPTURE_TEXTS, invalidPayload } from './errors'
import type { DecodedCapture } from './decode'

/** One analytics event as it will be stored (times in epoch ms). */
export interface CapturedEvent {
  uuid: string
  event: string
  distinctId: string
  properties: Record<string, unknown>
  timestamp: number
  sentAt: number | null
}

/** One `$snapshot` event: a batch of one window's rrweb events. */
export interface CapturedSnapshot {
  /** The event's uuid (or a digest of it when the sender gave none): a replay stores nothing twice. */
  key: string
  sessionId: string
  windowId: string
  distinctId: string
  source: 'web' | 'mobile'
  events: SnapshotEvent[]
}

export interface CaptureBatch {
  token: string
  events: CapturedEvent[]
  snapshots: CapturedSnapshot[]
}

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Session and window ids are the SDK's uuids; anything printable up to this length is taken. */
const ID = /^[\x21-\x7e]{1,200}$/
const MAX_EVENT_NAME = 400
const SNAPSHOT_EVENTS = new Set(['$snapshot', '$snapshot_items'])

/**
 * The project token, where PostHog's capture looks for it (posthog/api/utils.py get_token): the query
 * (`token`, `api_key`), the form fields, then the payload: `$token`, `token`, `api_key` (batch
 * libraries), or the first event's `properties.token` (posthog-js).
 */
function findToken(decoded: DecodedCapture, url: URL): unknown {
  const fromQuery = url.searchParams.get('token') || url.searchParams.get('api_key')
  if (fromQuery) return fromQuery
  const fromForm = decoded.form?.get('api_key') || decoded.form?.get('token')
  if (fromForm) return fromForm
  const data = Array.isArray(decoded.data) ? decoded.data[0] : decoded.data
  if (!isObject(data)) return undefined
  return data.$token || data.token || data.api_key || (isObject(data.properties) ? data.properties.token : undefined)
}

/** PostHog's token shape checks (capture.py _check_token_shape), answered before any lookup. */
export function tokenFrom(decoded: DecodedCapture, url: URL): string {
  const token = findToken(decoded, url)
  if (!token) throw new CaptureError(401, 'authentication_error', 'missing_api_key', CAPTURE_TEXTS.missingToken)
  const reason =
    typeof token !== 'string'
      ? 'not_string'
      : token.trim().length > 64
        ? 'too_long'
        : [...token].some((c) => c.charCodeAt(0) > 0x7f)
          ? 'not_ascii'
          : token.startsWith('phx_')
            ? 'personal_api_key'
            : null
  if (reason) throw new CaptureError(401, 'authentication_error', reason, CAPTURE_TEXTS.badTokenShape(reason))
  return (token as string).trim()
}

/** Epoch ms from an ISO string or a number of ms; null when it is neither or outside 2000…2100. */
function toMillis(value: unknown): number | null {
  const ms = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN
  return Number.isFinite(ms) && ms >= 946_684_800_000 && ms < 4_102_444_800_000 ? ms : null
}

/** `$distinct_id`, `properties.distinct_id` or `distinct_id`, as text of at most 200 characters (get_distinct_id). */
function distinctIdOf(event: Json, index: number): string {
  const properties = event.properties
  if (properties !== undefined && !isObject(properties))
    throw invalidPayload(`Invalid payload: properties must be a JSON object (event ${index}).`, 'properties')
  const raw = event.$distinct_id ?? properties?.distinct_id ?? event.distinct_id
  if (raw === undefined || raw === null)
    throw invalidPayload('Invalid payload: All events must have the event field "distinct_id"!', 'distinct_id')
  if (typeof raw === 'object')
    throw invalidPayload('Invalid payload: "distinct_id" must be a string or a number.', 'distinct_id')
  const text = String(raw).trim()
  if (!text) throw invalidPayload('Invalid payload: Event field "distinct_id" should not be blank!', 'distinct_id')
  return text.slice(0, 200)
}

/** A stable id for an event the sender sent without a uuid, so a replayed batch still stores it once. */
function digestUuid(event: Json): string {
  const hex = createHash('sha256').update(JSON.stringify(event)).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

function uuidOf(event: Json): string {
  if (event.uuid === undefined || event.uuid === null) return digestUuid(event)
  if (typeof event.uuid !== 'string' || !UUID.test(event.uuid))
    throw invalidPayload('Invalid payload: "uuid" must be a UUID.', 'uuid')
  return event.uuid.toLowerCase()
}

/** rrweb events with a plausible timestamp; others are dropped, as the snapshot store drops them. */
function rrwebEvents(data: unknown): SnapshotEvent[] | null {
  if (!Array.isArray(data)) return null
  return data.filter(
    (e): e is SnapshotEvent => isObject(e) && typeof e.type === 'number' && toMillis(e.timestamp) !== null,
  )
}

function snapshotOf(properties: Json, distinctId: string, key: string): CapturedSnapshot {
  const sessionId = properties.$session_id
  if (typeof sessionId !== 'string' || !sessionId)
    throw invalidPayload('Invalid payload: replay event submitted without session id', '$session_id')
  if (!ID.test(sessionId)) throw invalidPayload('Invalid payload: replay event has invalid session id', '$session_id')
  const windowId = properties.$window_id
  if (typeof windowId !== 'string' || !ID.test(windowId))
    throw invalidPayload('Invalid payload: replay event submitted without window id', '$window_id')
  const events = rrwebEvents(properties.$snapshot_data ?? properties.$snapshot_items)
  if (!events) throw invalidPayload('Invalid payload: replay event submitted without snapshot data', '$snapshot_data')
  return {
    key,
    sessionId,
    windowId,
    distinctId,
    source: properties.$snapshot_source === 'mobile' ? 'mobile' : 'web',
    events,
  }
}

/**
 * The request's events, checked whole before anything is stored: a batch (`{batch: […], api_key,
 * sent_at}`), an array, or one event. Every event needs a name and a distinct id; `$snapshot` events a
 * session id, a window id and their rrweb events. Timestamps are corrected for the sender's clock as
 * PostHog does (now − (sent_at − timestamp)), never in the future.
 */
export function readBatch(decoded: DecodedCapture, url: URL, token: string, now: number): CaptureBatch {
  let data = decoded.data
  let sentAt = toMillis(url.searchParams.get('_') ? Number(url.searchParams.get('_')) : undefined)
  if (isObject(data) && Array.isArray(data.batch)) {
    sentAt = toMillis(data.sent_at) ?? sentAt
    data = data.batch
  } else if (isObject(data) && url.pathname.startsWith('/engage')) data = { ...data, event: '$identify' }
  const items = Array.isArray(data) ? data : [data]
  if (items.length === 0) throw invalidPayload('Invalid payload: the request holds no event.')

  const batch: CaptureBatch = { token, events: [], snapshots: [] }
  items.forEach((item, index) => {
    if (!isObject(item)) throw invalidPayload('Invalid payload: some events are null or not objects.')
    const name = item.event
    if (typeof name !== 'string' || !name.trim())
      throw invalidPayload('Invalid payload: All events must have the event name field "event"!', 'event')
    if (name.length > MAX_EVENT_NAME)
      throw invalidPayload(`Invalid payload: event names are at most ${MAX_EVENT_NAME} characters.`, 'event')
    const distinctId = distinctIdOf(item, index)
    const properties = { ...((item.properties as Json | undefined) ?? {}) }
    // posthog-js puts identify's and setPersonProperties' `$set`/`$set_once` on the event itself;
    // PostHog's ingestion merges them into the properties, where person processing reads them.
    for (const key of ['$set', '$set_once'] as const) {
      if (isObject(item[key])) properties[key] = { ...(isObject(properties[key]) ? properties[key] : {}), ...item[key] }
    }
    const eventToken = properties.token ?? item.api_key ?? item.token
    if (typeof eventToken === 'string' && eventToken.trim() && eventToken.trim() !== token)
      throw new CaptureError(401, 'authentication_error', 'multiple_tokens', CAPTURE_TEXTS.multipleTokens)
    const uuid = uuidOf(item)
    if (SNAPSHOT_EVENTS.has(name)) {
      batch.snapshots.push(snapshotOf(properties, distinctId, uuid))
      return
    }
    const eventSentAt = toMillis(item.sent_at) ?? sentAt
    const clientTime = toMillis(item.timestamp)
    const offset = typeof item.offset === 'number' && Number.isFinite(item.offset) ? item.offset : null
    let timestamp = now
    if (clientTime !== null && eventSentAt !== null) timestamp = now - (eventSentAt - clientTime)
    else if (clientTime !== null) timestamp = clientTime
    else if (offset !== null) timestamp = now - offset
    delete properties.token
    batch.events.push({
      uuid,
      event: name,
      distinctId,
      properties,
      timestamp: Math.min(Math.round(timestamp), now),
      sentAt: eventSentAt,
    })
  })
  return batch
}
