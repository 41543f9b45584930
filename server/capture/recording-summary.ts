import type { RecordingSummary } from '../db/recordings'
import type { SnapshotEvent } from '../db/snapshots'

const INCREMENTAL = 3
const PLUGIN = 6
const SOURCE = { MouseMove: 1, MouseInteraction: 2, Input: 5, TouchMove: 6 } as const
/** Click, DblClick, ContextMenu and TouchEnd count as clicks (PostHog's isClick). */
const CLICKS = new Set([2, 3, 4, 9])
/** Incremental sources that make a stretch of the recording active (the player's segmenter). */
const ACTIVE_SOURCES = new Set([1, 2, 3, 4, 5, 6, 7, 12])
const ACTIVITY_THRESHOLD_MS = 5000
const MAX_URL_LENGTH = 2000

type Level = 'info' | 'warn' | 'error'
/** Browser console levels onto PostHog's three (process-event.ts levelMapping); anything else is info. */
const LEVELS: Record<string, Level> = { warn: 'warn', countReset: 'warn', error: 'error', assert: 'error' }

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined

/** A meta event's `data.href` or a custom event's `data.payload.href` (PostHog's hrefFrom). */
function hrefOf(event: SnapshotEvent): string | null {
  const data = record(event.data)
  const href = typeof data?.href === 'string' ? data.href : record(data?.payload)?.href
  if (typeof href !== 'string') return null
  const trimmed = href.trim()
  return trimmed ? trimmed.slice(0, MAX_URL_LENGTH) : null
}

/** Milliseconds of activity: stretches of active events no more than 5 s apart (a lone one counts 1 ms). */
function activeMilliseconds(events: SnapshotEvent[]): number {
  let total = 0
  let segment: { start: number; end: number; active: boolean } | null = null
  let lastActive = 0
  const close = () => {
    if (segment?.active) total += Math.max(1, segment.end - segment.start)
  }
  for (const event of events) {
    const active = event.type === INCREMENTAL && ACTIVE_SOURCES.has(Number(record(event.data)?.source))
    const startsNew =
      !segment ||
      (active && !segment.active) ||
      (segment.active && lastActive + ACTIVITY_THRESHOLD_MS < event.timestamp)
    if (active) lastActive = event.timestamp
    if (startsNew) {
      close()
      segment = { start: event.timestamp, end: event.timestamp, active }
    }
    segment!.end = event.timestamp
  }
  close()
  return total
}

/**
 * What one batch of a session's rrweb events adds to its recording's row, computed as PostHog's
 * replay ingestion does (plugin-server session-recording/process-event.ts, createSessionReplayEvent,
 * and snapshot-segmenter.ts, activeMilliseconds): the row then sums these over batches (counts,
 * active milliseconds), takes the earliest start and the latest end, and the start URL of the
 * earliest batch. Works on the SDK's compressed events too: only full snapshots and mutation/stylesheet
 * data are compressed, never what is counted here.
 *
 * Null when the batch holds no event with a usable timestamp.
 */
export function summarizeRecordingBatch(events: SnapshotEvent[]): RecordingSummary | null {
  if (events.length === 0) return null
  const summary: RecordingSummary = {
    firstTimestamp: Infinity,
    lastTimestamp: -Infinity,
    firstUrl: null,
    clickCount: 0,
    keypressCount: 0,
    mouseActivityCount: 0,
    activeMilliseconds: activeMilliseconds(events),
    consoleLogCount: 0,
    consoleWarnCount: 0,
    consoleErrorCount: 0,
  }
  for (const event of events) {
    summary.firstTimestamp = Math.min(summary.firstTimestamp, event.timestamp)
    summary.lastTimestamp = Math.max(summary.lastTimestamp, event.timestamp)
    const data = record(event.data)
    if (event.type === INCREMENTAL) {
      const source = Number(data?.source)
      if (source === SOURCE.MouseInteraction && CLICKS.has(Number(data?.type))) summary.clickCount++
      if (source === SOURCE.MouseInteraction || source === SOURCE.MouseMove || source === SOURCE.TouchMove)
        summary.mouseActivityCount++
      if (source === SOURCE.Input) summary.keypressCount++
    }
    summary.firstUrl ??= hrefOf(event)
    if (event.type === PLUGIN && data?.plugin === 'rrweb/console@1') {
      const level = record(data.payload)?.level
      const mapped = (typeof level === 'string' && LEVELS[level]) || 'info'
      if (mapped === 'error') summary.consoleErrorCount++
      else if (mapped === 'warn') summary.consoleWarnCount++
      else summary.consoleLogCount++
    }
  }
  return summary
}
