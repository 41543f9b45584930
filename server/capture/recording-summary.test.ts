import { describe, expect, it } from 'vitest'
import { summarizeRecordingBatch } from './recording-summary'

const at = (t: number, type: number, data: Record<string, unknown> = {}) => ({ type, timestamp: t, data })
const click = (t: number, type = 2) => at(t, 3, { source: 2, type })
const move = (t: number) => at(t, 3, { source: 1, positions: [] })
const input = (t: number) => at(t, 3, { source: 5, text: 'x' })
const mutation = (t: number) => at(t, 3, { source: 0, adds: [] })
const log = (t: number, level: unknown) => at(t, 6, { plugin: 'rrweb/console@1', payload: { level, payload: ['"x"'] } })

// Cases after PostHog's own (plugin-server session-recording process-event.test.ts and the segmenter).
describe('a batch’s summary, as PostHog derives it', () => {
  it('counts clicks (click, double click, context menu, touch end), not mouse up/down or focus', () => {
    const s = summarizeRecordingBatch([
      click(1, 0),
      click(2, 1),
      click(3, 2),
      click(4, 3),
      click(5, 4),
      click(6, 5),
      click(7, 9),
    ])!
    expect(s.clickCount).toBe(4)
    expect(s.mouseActivityCount).toBe(7)
  })

  it('counts inputs as keypresses and mouse moves, interactions and touch moves as mouse activity', () => {
    const s = summarizeRecordingBatch([move(1), input(2), input(3), at(4, 3, { source: 6 }), mutation(5)])!
    expect(s).toMatchObject({ keypressCount: 2, mouseActivityCount: 2, clickCount: 0 })
  })

  it('maps console levels onto log, warn and error (assert is an error, countReset a warning, unknown a log)', () => {
    const s = summarizeRecordingBatch([
      log(1, 'log'),
      log(2, 'info'),
      log(3, 'warn'),
      log(4, 'countReset'),
      log(5, 'error'),
      log(6, 'assert'),
      log(7, 'made-up'),
      log(8, 42),
      at(9, 6, { plugin: 'rrweb/network@1', payload: { level: 'error' } }),
    ])!
    expect(s).toMatchObject({ consoleLogCount: 4, consoleWarnCount: 2, consoleErrorCount: 2 })
  })

  it('takes the first URL from a meta event’s href or a custom event’s payload.href, trimmed', () => {
    expect(
      summarizeRecordingBatch([
        mutation(1),
        at(2, 4, { href: '  https://a.example/x ' }),
        at(3, 4, { href: 'https://b.example' }),
      ])!.firstUrl,
    ).toBe('https://a.example/x')
    expect(
      summarizeRecordingBatch([at(1, 5, { tag: '$pageview', payload: { href: 'https://c.example' } })])!.firstUrl,
    ).toBe('https://c.example')
    expect(summarizeRecordingBatch([at(1, 4, { href: '   ' }), mutation(2)])!.firstUrl).toBeNull()
  })

  it('measures activity as PostHog’s segmenter: active stretches whose events are at most 5 s apart', () => {
    // Active from 0 s; the mutation at 6 s is within 5 s of the last active event (3 s), so the stretch runs
    // to 6 s (the segmenter extends it); the move at 11 s starts another, to 12 s: 6 000 + 1 000 ms.
    expect(
      summarizeRecordingBatch([move(0), click(1_000), input(3_000), mutation(6_000), move(11_000), click(12_000)])!
        .activeMilliseconds,
    ).toBe(7_000)
    // A lone active event counts 1 ms; a batch without any counts none.
    expect(summarizeRecordingBatch([mutation(0), click(500), mutation(9_000)])!.activeMilliseconds).toBe(1)
    expect(summarizeRecordingBatch([mutation(0), mutation(60_000)])!.activeMilliseconds).toBe(0)
  })

  it('spans its earliest to its latest event, whatever their order; nothing for an empty batch', () => {
    const s = summarizeRecordingBatch([move(5_000), move(1_000), move(9_000)])!
    expect([s.firstTimestamp, s.lastTimestamp]).toEqual([1_000, 9_000])
    expect(summarizeRecordingBatch([])).toBeNull()
  })
})
