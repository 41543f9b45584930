import { useEffect, useRef, useState } from 'react'
import type { SnapshotLoader, SnapshotSource } from '../../../api/snapshots'
import { parseSnapshotLines } from './parse-snapshots'
import { EVENT, type RrwebEvent } from './rrweb-event'
import { createSanitizer } from './sanitize-events'

export type StreamStatus = 'loading' | 'ready' | 'empty' | 'unplayable' | 'error'

export interface SnapshotStream {
  status: StreamStatus
  /** Sanitized events in time order; grows as batches arrive. */
  events: RrwebEvent[]
  /** First and last instant of the sources listed so far (epoch ms). */
  span: { start: number; end: number } | null
  /** The end of what has been loaded (epoch ms). */
  loadedUntil: number | null
  /** Still fetching sources or batches. */
  loading: boolean
  /** Checking for more data of an ongoing recording. */
  polling: boolean
  corrupt: { chunks: number; events: number }
  error: unknown
}

const INITIAL: SnapshotStream = {
  status: 'loading',
  events: [],
  span: null,
  loadedUntil: null,
  loading: true,
  polling: false,
  corrupt: { chunks: 0, events: 0 },
  error: null,
}
type State = SnapshotStream

// PostHog's player polls an ongoing recording's sources every 10 s, backing off to a minute, and
// stops once nothing has changed for five minutes.
const POLL_MS = 10_000
const MAX_POLL_MS = 60_000
const POLL_GIVE_UP_MS = 5 * 60_000

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true })
  })

const time = (value: string | null | undefined) => (value ? Date.parse(value) : NaN)
const keyOf = (s: SnapshotSource) => `${s.source}:${s.blob_key}`

function spanOf(sources: SnapshotSource[]) {
  const starts = sources.map((s) => time(s.start_timestamp)).filter(Number.isFinite)
  const ends = sources.map((s) => time(s.end_timestamp)).filter(Number.isFinite)
  return starts.length && ends.length ? { start: Math.min(...starts), end: Math.max(...ends) } : null
}

/** Merges a batch into events already in time order (batches mostly come after what is loaded). */
function merge(events: RrwebEvent[], batch: RrwebEvent[]) {
  const sorted = [...batch].sort((a, b) => a.timestamp - b.timestamp)
  if (!events.length || !sorted.length || sorted[0]!.timestamp >= events.at(-1)!.timestamp)
    return [...events, ...sorted]
  return [...events, ...sorted].sort((a, b) => a.timestamp - b.timestamp)
}

/**
 * Loads a recording through `loader`: the sources, then their data batch by batch (the first batch is
 * playable before the rest arrives), every event parsed and sanitized. An ongoing recording is polled
 * for sources that arrive later. To start over (retry), mount it again under a new key.
 */
export function useSnapshotStream(loader: SnapshotLoader, ongoing: boolean): SnapshotStream {
  const [state, setState] = useState<State>(INITIAL)
  // Whether to poll is decided when the player opens: a refreshed recording row must not restart it.
  const pollForMore = useRef(ongoing)

  useEffect(() => {
    const controller = new AbortController()
    const { signal } = controller
    const sanitize = createSanitizer()
    const loaded = new Set<string>()
    let events: RrwebEvent[] = []
    let hasFullSnapshot = false
    const update = (patch: Partial<State>) => !signal.aborted && setState((s) => ({ ...s, ...patch }))

    const loadNew = async (sources: SnapshotSource[]) => {
      const fresh = sources.filter((s) => !loaded.has(keyOf(s)))
      for (const batch of loader.batches(fresh)) {
        const text = await loader.load(batch, signal)
        const parsed = parseSnapshotLines(text)
        events = merge(events, parsed.events.map(sanitize))
        hasFullSnapshot ||= parsed.events.some((e) => e.type === EVENT.fullSnapshot)
        batch.forEach((s) => loaded.add(keyOf(s)))
        setState((s) =>
          signal.aborted
            ? s
            : {
                ...s,
                events,
                status: hasFullSnapshot ? 'ready' : s.status,
                loadedUntil: Math.max(
                  s.loadedUntil ?? 0,
                  ...batch.map((b) => time(b.end_timestamp)).filter(Number.isFinite),
                ),
                corrupt: {
                  chunks: s.corrupt.chunks + parsed.corruptChunks.length,
                  events: s.corrupt.events + parsed.skipped,
                },
              },
        )
      }
      return fresh.length
    }

    const run = async () => {
      let sources = await loader.sources(signal)
      update({ span: spanOf(sources) })
      await loadNew(sources)
      if (!pollForMore.current) {
        update({ loading: false, status: hasFullSnapshot ? 'ready' : events.length ? 'unplayable' : 'empty' })
        return
      }
      update({
        loading: false,
        polling: true,
        status: hasFullSnapshot ? 'ready' : events.length ? 'unplayable' : 'empty',
      })
      let interval = POLL_MS
      let quietFor = 0
      while (quietFor < POLL_GIVE_UP_MS) {
        await sleep(interval, signal)
        sources = await loader.sources(signal)
        const added = await loadNew(sources)
        if (added) {
          interval = POLL_MS
          quietFor = 0
          update({ span: spanOf(sources), status: hasFullSnapshot ? 'ready' : events.length ? 'unplayable' : 'empty' })
        } else {
          quietFor += interval
          interval = Math.min(interval * 2, MAX_POLL_MS)
        }
      }
      update({ polling: false })
    }

    run().catch((error) => {
      if (signal.aborted) return
      // What did load stays playable; the failure is reported either way.
      update({ loading: false, polling: false, error, status: hasFullSnapshot ? 'ready' : 'error' })
    })
    return () => controller.abort()
  }, [loader])

  return state
}
