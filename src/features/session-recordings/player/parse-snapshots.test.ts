import { gzipSync, strFromU8, strToU8 } from 'fflate'
import { describe, expect, it } from 'vitest'
import { parseSnapshotLines } from './parse-snapshots'

const meta = { type: 4, timestamp: 1000, data: { href: 'https://example.com/', width: 1280, height: 800 } }
const full = {
  type: 2,
  timestamp: 1000,
  data: { node: { type: 0, id: 1, childNodes: [] }, initialOffset: { top: 0, left: 0 } },
}
// posthog-js compresses big fields: gzip, carried as a latin1 string ("cv": "2024-10").
const packed = (value: unknown) => strFromU8(gzipSync(strToU8(JSON.stringify(value))), true)

describe('reading the snapshots JSONL', () => {
  it('reads [windowId, event] lines, bare events and {window_id, data} lines', () => {
    const text = [
      JSON.stringify(['w1', meta]),
      JSON.stringify(full),
      JSON.stringify({
        window_id: 'w1',
        data: [{ type: 3, timestamp: 1100, data: { source: 3, id: 1, x: 0, y: 10 } }],
      }),
    ].join('\n')
    const parsed = parseSnapshotLines(text)
    expect(parsed.events.map((e) => e.type)).toEqual([4, 2, 3])
    expect(parsed).toMatchObject({ skipped: 0, corruptChunks: [] })
  })

  it('counts what it cannot read and carries on: bad JSON, non-events, bad compression, corrupt chunks', () => {
    const text = [
      JSON.stringify(['w1', meta]),
      '{"not json',
      JSON.stringify(['w1', { type: 'x', timestamp: 1 }]),
      JSON.stringify(['w1', { type: 2, timestamp: 1, cv: '2024-10', data: 'not gzip' }]),
      JSON.stringify(['w1', { type: 2, timestamp: 1, cv: '1999-01', data: 'x' }]),
      JSON.stringify({ corrupt_blob_key: '3', detail: 'This chunk of the recording could not be read.' }),
      '',
      JSON.stringify(['w1', full]),
    ].join('\n')
    const parsed = parseSnapshotLines(text)
    expect(parsed.events.map((e) => e.type)).toEqual([4, 2])
    expect(parsed.skipped).toBe(4)
    expect(parsed.corruptChunks).toEqual(['3'])
  })

  it("expands posthog-js's compressed full snapshots and mutations", () => {
    const mutation = {
      source: 0,
      adds: [{ parentId: 1, node: { type: 3, id: 2, textContent: 'hi' } }],
      removes: [],
      texts: [],
      attributes: [],
    }
    const text = [
      JSON.stringify(['w1', { ...full, cv: '2024-10', data: packed(full.data) }]),
      JSON.stringify([
        'w1',
        {
          type: 3,
          timestamp: 1200,
          cv: '2024-10',
          data: {
            source: 0,
            adds: packed(mutation.adds),
            removes: packed([]),
            texts: packed([]),
            attributes: packed([]),
          },
        },
      ]),
    ].join('\n')
    const parsed = parseSnapshotLines(text)
    expect(parsed.skipped).toBe(0)
    expect(parsed.events[0]).toEqual(full)
    expect(parsed.events[1]).toEqual({ type: 3, timestamp: 1200, data: mutation })
  })
})
