import { describe, expect, it } from 'vitest'
import { buildTimeline, skipTarget } from './timeline'

const at = (ms: number) => 1_000_000 + ms
const scroll = (ms: number) => ({ type: 3, timestamp: at(ms), data: { source: 3, id: 1, x: 0, y: 0 } })
const log = (ms: number, level: string, ...args: string[]) => ({
  type: 6,
  timestamp: at(ms),
  data: { plugin: 'rrweb/console@1', payload: { level, payload: args, trace: ['at f (https://x/app.js:1:2)'] } },
})

describe('the timeline the seek bar and console pane show', () => {
  const events = [
    { type: 4, timestamp: at(0), data: { href: 'javascript:alert(1)', width: 1, height: 1 } },
    scroll(0),
    log(500, 'error', JSON.stringify('TypeError: x is undefined'), JSON.stringify({ id: 3 })),
    { type: 3, timestamp: at(2000), data: { source: 2, type: 2, id: 5, x: 1, y: 1 } },
    { type: 3, timestamp: at(2500), data: { source: 2, type: 1, id: 5, x: 1, y: 1 } },
    log(3000, 'warn', 'not JSON at all'),
    scroll(4000),
    scroll(30_000),
    log(31_000, 'log', JSON.stringify('<img src=x onerror=alert(1)>')),
  ]
  const timeline = buildTimeline(events, at(0), at(45_000))

  it('lists console entries as text, strings as they were logged', () => {
    expect(timeline.console).toEqual([
      { at: 500, level: 'error', message: 'TypeError: x is undefined {"id":3}', trace: 'at f (https://x/app.js:1:2)' },
      { at: 3000, level: 'warn', message: 'not JSON at all', trace: 'at f (https://x/app.js:1:2)' },
      { at: 31_000, level: 'log', message: '<img src=x onerror=alert(1)>', trace: 'at f (https://x/app.js:1:2)' },
    ])
  })

  it('marks clicks (not other mouse interactions), captured URLs, and gaps without activity', () => {
    expect(timeline.clicks).toEqual([2000])
    expect(timeline.urls).toEqual([{ at: 0, href: 'javascript:alert(1)' }])
    expect(timeline.inactive).toEqual([
      [4000, 30_000],
      [30_000, 45_000],
    ])
  })

  it('skips from inside an inactive stretch to just before the activity after it', () => {
    expect(skipTarget(timeline.inactive, 4500)).toBeNull()
    expect(skipTarget(timeline.inactive, 5000)).toBe(29_000)
    expect(skipTarget(timeline.inactive, 29_500)).toBeNull()
  })
})
