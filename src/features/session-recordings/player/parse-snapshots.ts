import { gunzipSync, strFromU8, strToU8 } from 'fflate'
import { EVENT, SOURCE, isRrwebEvent, type RrwebEvent } from './rrweb-event'

export interface ParsedSnapshots {
  events: RrwebEvent[]
  /** Lines or events that could not be read (not JSON, not an event, undecodable compression). */
  skipped: number
  /** Blob keys the server could not read at all. */
  corruptChunks: string[]
}

/** posthog-js's compressed fields ("cv": "2024-10"): gzip, as a latin1 string. */
const unzip = (value: unknown) =>
  typeof value === 'string' ? JSON.parse(strFromU8(gunzipSync(strToU8(value, true)))) : value

/** The event with posthog-js's compressed parts expanded, as PostHog's player does; null if that fails. */
function decompress(event: RrwebEvent & { cv?: unknown }): RrwebEvent | null {
  if (!('cv' in event)) return event
  if (event.cv !== '2024-10') return null
  try {
    const { cv: _cv, ...rest } = event
    const data = rest.data
    if (rest.type === EVENT.fullSnapshot) return { ...rest, data: unzip(data) }
    if (rest.type === EVENT.incremental && data?.source === SOURCE.mutation)
      return {
        ...rest,
        data: {
          ...data,
          adds: unzip(data.adds),
          removes: unzip(data.removes),
          texts: unzip(data.texts),
          attributes: unzip(data.attributes),
        },
      }
    if (rest.type === EVENT.incremental && data?.source === 8)
      return { ...rest, data: { ...data, adds: unzip(data.adds), removes: unzip(data.removes) } }
    return rest
  } catch {
    return null
  }
}

/**
 * Reads the snapshots endpoint's JSONL the way PostHog's parser does: `[windowId, event]` lines, bare
 * events, or `{window_id, data: [events]}` lines. Nothing unreadable stops the rest: it is counted.
 */
export function parseSnapshotLines(text: string): ParsedSnapshots {
  const events: RrwebEvent[] = []
  const corruptChunks: string[] = []
  let skipped = 0
  const take = (candidate: unknown) => {
    const event = isRrwebEvent(candidate) ? decompress(candidate) : null
    if (event) events.push(event)
    else skipped++
  }
  for (const line of text.split('\n')) {
    if (!line.trim()) continue
    let parsed: unknown
    try {
      parsed = JSON.parse(line)
    } catch {
      skipped++
      continue
    }
    if (Array.isArray(parsed)) take(parsed[1])
    else if (typeof parsed === 'object' && parsed !== null && 'corrupt_blob_key' in parsed)
      corruptChunks.push(String((parsed as { corrupt_blob_key: unknown }).corrupt_blob_key))
    else if (isRrwebEvent(parsed)) take(parsed)
    else if (Array.isArray((parsed as { data?: unknown })?.data)) (parsed as { data: unknown[] }).data.forEach(take)
    else skipped++
  }
  return { events, skipped, corruptChunks }
}
