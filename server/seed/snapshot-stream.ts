import type { NewRecording } from '../db/recordings'
import { appendSnapshotChunks, type NewSnapshotChunk, type SnapshotEvent } from '../db/snapshots'
import type { Db } from '../db/database'
import { buildDemoPage, type DemoPage, type Target } from './demo-page'
import { createRandom, type Random } from './random'

/**
 * A deterministic rrweb stream for a demo recording that agrees with its row: the clicks, keypresses,
 * mouse activity and console counts as PostHog's ingestion counts them, the active time spread over
 * segments and the row's inactive seconds as gaps with no activity at all, first event at start_time
 * and last at end_time.
 */

// rrweb's EventType, IncrementalSource and MouseInteractions numbers.
const FULL_SNAPSHOT = 2
const INCREMENTAL = 3
const META = 4
const PLUGIN = 6
const MOUSE_MOVE = 1
const MOUSE_INTERACTION = 2
const SCROLL = 3
const INPUT = 5
const CLICK = 2

/** Gaps longer than this between user interactions are inactive (rrweb's inactivePeriodThreshold). */
export const INACTIVITY_THRESHOLD_MS = 10_000
const MIN_GAP_MS = INACTIVITY_THRESHOLD_MS + 1000
const MAX_ACTIVE_PAUSE_MS = 2500
const CHUNK_SPAN_MS = 60_000
const CHUNK_EVENTS = 400

const PATHS = ['/', '/pricing', '/signup', '/login', '/checkout', '/docs/getting-started', '/dashboard', '/products/42']

const LOGS = [
  '[analytics] pageview sent',
  'Loaded 24 products in 182 ms',
  "Feature flag 'new-checkout' is on",
  'Service worker registered',
  'Hydrated in 96 ms',
]
const WARNINGS = [
  'Deprecated API: fetchPlans() will be removed, use fetchPlansV2()',
  'Slow network detected, loading low-resolution images',
  'A form field element has neither an id nor a name attribute',
]
const ERRORS = [
  "TypeError: Cannot read properties of undefined (reading 'price')",
  'Failed to load resource: the server responded with a status of 500 (Internal Server Error)',
  'Uncaught (in promise) Error: Request failed with status code 502',
  'ChunkLoadError: Loading chunk 7 failed.',
]

/** FNV-1a: a stable 32-bit seed from the session id, so each stream is the same on every machine. */
function seedOf(id: string) {
  let h = 0x811c9dc5
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/** `total` split into `n` whole-millisecond parts by random weights (each ≥ 0, summing exactly). */
function split(rnd: Random, total: number, n: number): number[] {
  const weights = Array.from({ length: n }, () => 0.2 + rnd.next())
  const sum = weights.reduce((a, b) => a + b, 0)
  const parts = weights.map((w) => Math.floor((total * w) / sum))
  parts[n - 1]! += total - parts.reduce((a, b) => a + b, 0)
  return parts
}

type Segment = [start: number, end: number]

/** Active segments separated by the inactive gaps (offsets from the start, in ms). */
function timeline(rnd: Random, durationMs: number, activeMs: number): Segment[] {
  const inactive = durationMs - activeMs
  let gaps: number[] = []
  if (inactive >= MIN_GAP_MS) {
    const n = Math.max(1, Math.min(3, Math.floor(inactive / MIN_GAP_MS)))
    gaps = split(rnd, inactive - n * MIN_GAP_MS, n).map((g) => g + MIN_GAP_MS)
  } else if (inactive > 0) gaps = [inactive]
  const lengths = split(rnd, activeMs, gaps.length + 1)
  const segments: Segment[] = []
  let t = 0
  lengths.forEach((length, i) => {
    segments.push([t, t + length])
    t += length + (gaps[i] ?? 0)
  })
  return segments
}

/** A point `u` ms into the active time, as an offset on the whole timeline. */
function activeOffset(segments: Segment[], u: number) {
  for (const [start, end] of segments) {
    if (u <= end - start) return start + u
    u -= end - start
  }
  return segments.at(-1)![1]
}

type Slot =
  | { kind: 'navigate' }
  | { kind: 'click' }
  | { kind: 'input' }
  | { kind: 'move' }
  | { kind: 'scroll' }
  | { kind: 'console'; level: 'log' | 'info' | 'warn' | 'error' }

const safeOrigin = (url: string | null) => {
  try {
    const parsed = new URL(url ?? '')
    if (parsed.protocol === 'https:' || parsed.protocol === 'http:') return parsed
  } catch {
    // not a URL: the page is drawn from a fallback below
  }
  return new URL('https://www.example.com/')
}

export function buildSnapshotStream(row: NewRecording): { windowId: string; events: SnapshotEvent[] } {
  const rnd = createRandom(seedOf(row.id))
  const windowId = `${rnd.hex(8)}-${rnd.hex(4)}-7${rnd.hex(3)}-8${rnd.hex(3)}-${rnd.hex(12)}`
  const durationMs = row.recording_duration * 1000
  const activeMs = Math.min(durationMs, Math.max(0, (row.active_seconds ?? row.recording_duration) * 1000))
  const segments = timeline(rnd, durationMs, activeMs)
  const mobile = row.snapshot_source === 'mobile'
  const viewport = mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 }

  const clicks = row.click_count ?? 0
  const slots: { t: number; slot: Slot }[] = []
  const add = (count: number, slot: Slot) => {
    for (let i = 0; i < count; i++) slots.push({ t: activeOffset(segments, Math.floor(rnd.next() * activeMs)), slot })
  }
  add(activeMs >= 40_000 ? Math.min(4, Math.floor(activeMs / 45_000)) : 0, { kind: 'navigate' })
  add(clicks, { kind: 'click' })
  add(row.keypress_count ?? 0, { kind: 'input' })
  add(Math.max(0, (row.mouse_activity_count ?? 0) - clicks), { kind: 'move' })
  const logs = row.console_log_count ?? 0
  const infos = Math.floor(logs / 4)
  add(logs - infos, { kind: 'console', level: 'log' })
  add(infos, { kind: 'console', level: 'info' })
  add(row.console_warn_count ?? 0, { kind: 'console', level: 'warn' })
  add(row.console_error_count ?? 0, { kind: 'console', level: 'error' })

  // Scrolls mark each active segment's ends and fill any pause in it longer than MAX_ACTIVE_PAUSE_MS,
  // so the active time reads as active (scrolls count as activity, but in none of the row's counters).
  const interactive = new Set(['click', 'input', 'move'])
  for (const [start, end] of segments) {
    const times = [
      start,
      end,
      ...slots.filter((s) => interactive.has(s.slot.kind) && s.t >= start && s.t <= end).map((s) => s.t),
    ]
    times.sort((a, b) => a - b)
    for (let i = 0; i < times.length; i++) {
      const at = times[i]!
      if (i === 0 || i === times.length - 1) slots.push({ t: at, slot: { kind: 'scroll' } })
      const next = times[i + 1]
      if (next !== undefined)
        for (let t = at + MAX_ACTIVE_PAUSE_MS; t < next; t += MAX_ACTIVE_PAUSE_MS)
          slots.push({ t, slot: { kind: 'scroll' } })
    }
  }
  slots.sort((a, b) => a.t - b.t)

  const start = row.start_time
  const first = safeOrigin(row.start_url)
  const events: SnapshotEvent[] = []
  let page!: DemoPage
  let url = ''
  let cursor = { x: viewport.width / 2, y: viewport.height / 2 }
  let scrollY = 0
  let typed = new Map<number, number>()
  let field: Target | undefined
  const load = (t: number, href: string, drawn: string) => {
    url = drawn
    page = buildDemoPage(drawn, viewport.width)
    typed = new Map()
    field = undefined
    scrollY = 0
    events.push({ type: META, timestamp: start + t, data: { href, ...viewport } })
    events.push({
      type: FULL_SNAPSHOT,
      timestamp: start + t,
      data: { node: page.node, initialOffset: { top: 0, left: 0 } },
    })
  }
  // The row's start URL is what the SDK captured, hostile or not; the page drawn is a plausible one.
  load(0, row.start_url ?? first.href, first.href)
  const incremental = (t: number, data: Record<string, unknown>) =>
    events.push({ type: INCREMENTAL, timestamp: start + t, data })
  const segmentStart = (t: number) => segments.find(([s, e]) => t >= s && t <= e)?.[0] ?? t

  for (const { t, slot } of slots) {
    switch (slot.kind) {
      case 'navigate': {
        const current = new URL(url).pathname
        const next = `${first.origin}${rnd.pick(PATHS.filter((p) => p !== current))}`
        load(t, next, next)
        break
      }
      case 'click': {
        const target = rnd.pick(page.clickables)
        cursor = { x: target.x, y: target.y }
        incremental(t, {
          source: MOUSE_INTERACTION,
          type: CLICK,
          id: target.id,
          x: target.x,
          y: target.y,
          pointerType: 0,
        })
        break
      }
      case 'input': {
        if (!field || rnd.next() < 0.1) field = rnd.pick(page.inputs)
        const length = (typed.get(field.id) ?? 0) + 1
        typed.set(field.id, length)
        // Masked as posthog-js masks every input by default: the length shows, the text does not.
        incremental(t, { source: INPUT, id: field.id, text: '*'.repeat(length), isChecked: false })
        break
      }
      case 'move': {
        const target =
          rnd.next() < 0.6
            ? rnd.pick(page.clickables)
            : { id: 0, x: rnd.int(20, viewport.width - 20), y: rnd.int(80, viewport.height - 20) }
        const steps = rnd.int(3, 6)
        const span = Math.min((steps - 1) * 80, t - segmentStart(t))
        const positions = Array.from({ length: steps }, (_, i) => {
          const f = (i + 1) / steps
          return {
            x: Math.round(cursor.x + (target.x - cursor.x) * f),
            y: Math.round(cursor.y + (target.y - cursor.y) * f),
            id: target.id || page.documentId,
            timeOffset: Math.round(-span + (span * i) / (steps - 1)),
          }
        })
        cursor = { x: target.x, y: target.y }
        incremental(t, { source: MOUSE_MOVE, positions })
        break
      }
      case 'scroll': {
        const room = Math.max(0, page.height - viewport.height)
        if (room > 0 && rnd.next() < 0.5) scrollY = Math.min(room, Math.max(0, scrollY + rnd.int(-240, 360)))
        incremental(t, { source: SCROLL, id: page.documentId, x: 0, y: scrollY })
        break
      }
      case 'console': {
        const messages = slot.level === 'error' ? ERRORS : slot.level === 'warn' ? WARNINGS : LOGS
        events.push({
          type: PLUGIN,
          timestamp: start + t,
          data: {
            plugin: 'rrweb/console@1',
            // rrweb's console plugin: each argument JSON-stringified, and the call site.
            payload: {
              level: slot.level,
              payload: [JSON.stringify(rnd.pick(messages))],
              trace: [
                `at ${rnd.pick(['loadPlans', 'render', 'onSubmit', 'fetchJson'])} (${first.origin}/assets/app.js:${rnd.int(10, 900)}:${rnd.int(2, 60)})`,
              ],
            },
          },
        })
        break
      }
    }
  }
  return { windowId, events }
}

/** Cuts a stream into chunks of at most a minute or CHUNK_EVENTS events, each arriving as it closes. */
export function chunkStream(windowId: string, events: SnapshotEvent[]): NewSnapshotChunk[] {
  const chunks: NewSnapshotChunk[] = []
  let current: SnapshotEvent[] = []
  const close = () => {
    if (!current.length) return
    chunks.push({
      key: `demo-${chunks.length}`,
      windowId,
      events: current,
      receivedAt: current.at(-1)!.timestamp + 1000,
    })
    current = []
  }
  for (const event of events) {
    if (current.length && (event.timestamp - current[0]!.timestamp >= CHUNK_SPAN_MS || current.length >= CHUNK_EVENTS))
      close()
    current.push(event)
  }
  close()
  return chunks
}

/** Writes every row's stream (rows need their ids and team). */
export function seedSnapshots(db: Db, rows: NewRecording[]) {
  for (const row of rows) {
    const { windowId, events } = buildSnapshotStream(row)
    appendSnapshotChunks(db, row.team_id, row.id, chunkStream(windowId, events))
  }
}
