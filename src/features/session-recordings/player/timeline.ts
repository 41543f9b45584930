import { EVENT, isClick, isInteraction, type RrwebEvent } from './rrweb-event'

/** Pauses between interactions longer than this are inactive (rrweb's inactivePeriodThreshold). */
export const INACTIVITY_THRESHOLD_MS = 10_000
const MAX_MESSAGE = 2000

export type ConsoleLevel = 'log' | 'info' | 'warn' | 'error' | 'debug'

export interface ConsoleEntry {
  /** Milliseconds from the start of the recording. */
  at: number
  level: ConsoleLevel
  /** Plain text (captured data: never rendered as HTML). */
  message: string
  trace: string | null
}

export interface Timeline {
  console: ConsoleEntry[]
  /** Offsets of clicks. */
  clicks: number[]
  /** Inactive stretches [from, to] (offsets), long enough to skip. */
  inactive: [number, number][]
  /** The page URL from each Meta event, as captured (untrusted: only http(s) becomes a link). */
  urls: { at: number; href: string }[]
}

const LEVELS = new Set<ConsoleLevel>(['log', 'info', 'warn', 'error', 'debug'])

/** rrweb's console plugin JSON-stringifies each argument: show strings as they were logged. */
function argument(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value) ?? ''
  try {
    const parsed: unknown = JSON.parse(value)
    return typeof parsed === 'string' ? parsed : value
  } catch {
    return value
  }
}

function consoleEntry(event: RrwebEvent, start: number): ConsoleEntry | null {
  const data = event.data
  if (event.type !== EVENT.plugin || data?.plugin !== 'rrweb/console@1') return null
  const payload = data.payload ?? {}
  const raw = String(payload.level ?? 'log')
  const level: ConsoleLevel = LEVELS.has(raw as ConsoleLevel)
    ? (raw as ConsoleLevel)
    : raw === 'assert'
      ? 'error'
      : 'log'
  const args: unknown[] = Array.isArray(payload.payload) ? payload.payload : [payload.payload]
  const message = args.map(argument).join(' ').slice(0, MAX_MESSAGE)
  const trace = Array.isArray(payload.trace) && payload.trace.length ? String(payload.trace[0]).slice(0, 500) : null
  return { at: event.timestamp - start, level, message, trace }
}

/** What the seek bar and the console pane show, derived once per loaded batch. */
export function buildTimeline(events: RrwebEvent[], start: number, end: number): Timeline {
  const timeline: Timeline = { console: [], clicks: [], inactive: [], urls: [] }
  let last = start
  for (const event of events) {
    const entry = consoleEntry(event, start)
    if (entry) timeline.console.push(entry)
    else if (isClick(event)) timeline.clicks.push(event.timestamp - start)
    else if (event.type === EVENT.meta && typeof event.data?.href === 'string')
      timeline.urls.push({ at: event.timestamp - start, href: event.data.href })
    if (isInteraction(event)) {
      if (event.timestamp - last > INACTIVITY_THRESHOLD_MS)
        timeline.inactive.push([last - start, event.timestamp - start])
      last = event.timestamp
    }
  }
  if (end - last > INACTIVITY_THRESHOLD_MS) timeline.inactive.push([last - start, end - start])
  return timeline
}

/** Where skipping inactivity jumps from `at` (to just before the next activity), or null to play on. */
export function skipTarget(inactive: [number, number][], at: number): number | null {
  for (const [from, to] of inactive) if (at >= from + 1000 && at < to - 1000) return to - 1000
  return null
}
