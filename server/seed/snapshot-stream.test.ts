import { describe, expect, it } from 'vitest'
import { openDatabase } from '../db/database'
import type { RecordingRow } from '../db/recordings'
import { listSnapshotSources, readSnapshotSource, type SnapshotEvent } from '../db/snapshots'
import { seedDemo } from './demo'
import { buildSnapshotStream, INACTIVITY_THRESHOLD_MS } from './snapshot-stream'

// How PostHog's ingestion derives a recording's counters from its rrweb events
// (plugin-server sessionreplay/rrweb-types.ts: isClick, isKeypress, isMouseActivity; console levels).
type Event = SnapshotEvent & { data?: any } // eslint-disable-line @typescript-eslint/no-explicit-any
const isClick = (e: Event) => e.type === 3 && e.data?.source === 2 && [2, 3, 4, 9].includes(e.data?.type)
const isKeypress = (e: Event) => e.type === 3 && e.data?.source === 5
const isMouseActivity = (e: Event) => e.type === 3 && [1, 2, 6].includes(e.data?.source)
const consoleLevel = (e: Event) =>
  e.type === 6 && e.data?.plugin === 'rrweb/console@1' ? (e.data.payload.level as string) : null
// What rrweb's replayer treats as user interaction (and so as activity) when it skips inactive periods.
const isInteraction = (e: Event) => e.type === 3 && e.data?.source > 0 && e.data?.source <= 5

function countersOf(events: Event[]) {
  const level = (names: string[]) => events.filter((e) => names.includes(consoleLevel(e) ?? '')).length
  return {
    click_count: events.filter(isClick).length,
    keypress_count: events.filter(isKeypress).length,
    mouse_activity_count: events.filter(isMouseActivity).length,
    console_log_count: level(['log', 'info']),
    console_warn_count: level(['warn']),
    console_error_count: level(['error']),
  }
}

/** Milliseconds between consecutive user interactions that are longer than the inactivity threshold. */
function inactiveMs(events: Event[]) {
  const times = events.filter(isInteraction).map((e) => e.timestamp)
  let total = 0
  for (let i = 1; i < times.length; i++)
    if (times[i]! - times[i - 1]! > INACTIVITY_THRESHOLD_MS) total += times[i]! - times[i - 1]!
  return total
}

function demoStreams() {
  const { db } = openDatabase(':memory:')
  seedDemo(db)
  const rows = db.prepare<[], RecordingRow>('SELECT * FROM session_recordings').all()
  const streams = rows.map((row) => {
    const events: Event[] = []
    // Everything stored, including chunks of an ongoing recording that have not "arrived" yet.
    for (const chunk of readSnapshotSource(db, row.team_id, row.id, 0, 10_000, Infinity)) {
      if ('corrupt' in chunk) throw new Error(`corrupt chunk ${chunk.blobKey} of ${row.id}`)
      for (const line of chunk.jsonl.split('\n')) events.push(JSON.parse(line)[1])
    }
    return { row, events }
  })
  return { db, rows, streams }
}

describe('the demo seed’s snapshot streams', () => {
  const { db, rows, streams } = demoStreams()

  it('gives every demo recording a stream', () => {
    expect(rows.length).toBe(365)
    for (const { row, events } of streams) expect(events.length, row.id).toBeGreaterThan(2)
  })

  it('agree with each recording’s click, keypress, mouse and console counters', () => {
    for (const { row, events } of streams) {
      expect(countersOf(events), row.id).toEqual({
        click_count: row.click_count,
        keypress_count: row.keypress_count,
        mouse_activity_count: row.mouse_activity_count,
        console_log_count: row.console_log_count,
        console_warn_count: row.console_warn_count,
        console_error_count: row.console_error_count,
      })
    }
  })

  it('start with the page at the start URL and span exactly start_time to end_time', () => {
    for (const { row, events } of streams) {
      const [meta, full] = events
      expect(meta).toMatchObject({ type: 4, timestamp: row.start_time, data: { href: row.start_url } })
      expect(full).toMatchObject({ type: 2, timestamp: row.start_time })
      const html = full!.data.node.childNodes.find((n: { tagName?: string }) => n.tagName === 'html')
      expect(html.childNodes.map((n: { tagName: string }) => n.tagName)).toEqual(['head', 'body'])
      const times = events.map((e) => e.timestamp)
      expect(times).toEqual([...times].sort((a, b) => a - b))
      expect(times.at(-1), row.id).toBe(row.end_time)
    }
  })

  it('leave the inactive seconds as gaps without activity (when long enough to be skipped)', () => {
    let checked = 0
    for (const { row, events } of streams) {
      const inactive = (row.inactive_seconds ?? 0) * 1000
      if (inactive > INACTIVITY_THRESHOLD_MS) {
        expect(inactiveMs(events), row.id).toBe(inactive)
        checked++
      } else expect(inactiveMs(events), row.id).toBe(0)
    }
    expect(checked).toBeGreaterThan(100)
  })

  it('mask every typed character', () => {
    for (const { events } of streams) for (const e of events.filter(isKeypress)) expect(e.data.text).toMatch(/^\*+$/)
  })

  it('are the same on every run (deterministic from the row)', () => {
    const row = rows.find((r) => (r.click_count ?? 0) > 3)!
    const again = buildSnapshotStream(row)
    const stored = streams.find((s) => s.row.id === row.id)!.events
    expect(again.events).toEqual(stored)
  })

  it('hide the chunks of an ongoing recording that have not arrived yet', () => {
    const ongoing = rows.find((r) => r.end_time > Date.now() + 60_000)
    if (!ongoing) return // the newest demo recording is only sometimes long enough to outlast the seed
    const visible = listSnapshotSources(db, ongoing.team_id, ongoing.id)
    const all = listSnapshotSources(db, ongoing.team_id, ongoing.id, Infinity)
    expect(visible.length).toBeLessThan(all.length)
    expect(visible.every((s) => s.endTimestamp < Date.now())).toBe(true)
  })
})
