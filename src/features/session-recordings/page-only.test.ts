import { describe, expect, it } from 'vitest'
import { resolveDate } from '../../contracts/recording-filters'
import { checkPage } from './page-only'
import { recordingFixture } from '../../testing/fixtures'

const now = Date.parse('2026-03-12T12:00:00Z')
const r = (id: string, overrides = {}) => recordingFixture({ id, ...overrides })

describe('checking a page against what was asked', () => {
  it('changes nothing when the server applied filters and sort', () => {
    const rows = [
      r('a', { recording_duration: 300, viewed: false }),
      r('b', { recording_duration: 200, viewed: false }),
    ]
    const out = checkPage(rows, { viewed: 'false', min_duration: '100' }, '-duration', now)
    expect(out).toEqual({ rows, pageOnly: [] })
  })

  it('applies an ignored filter to this page and says so', () => {
    const rows = [r('a', { viewed: true }), r('b', { viewed: false }), r('c', { console_error_count: 3 })]
    const out = checkPage(rows, { viewed: 'false', has_console_errors: 'true' }, null, now)
    expect(out.rows.map((x) => x.id)).toEqual(['c'])
    expect(out.pageOnly).toEqual(['viewed filter', 'console errors filter'])
  })

  it('sorts an unsorted page locally and says so', () => {
    const rows = [r('a', { activity_score: 1 }), r('b', { activity_score: 9 }), r('c', { activity_score: null })]
    const out = checkPage(rows, {}, '-activity_score', now)
    expect(out.rows.map((x) => x.id)).toEqual(['b', 'a', 'c'])
    expect(out.pageOnly).toEqual(['sort by activity score'])
  })

  it('resolves relative and date-only bounds like the server', () => {
    expect(resolveDate('-24h', false, now)).toBe(now - 86_400_000)
    expect(resolveDate('2026-03-01', false, now)).toBe(Date.parse('2026-03-01T00:00:00Z'))
    expect(resolveDate('2026-03-01', true, now)).toBe(Date.parse('2026-03-02T00:00:00Z'))
    const rows = [r('old', { start_time: '2026-03-01T10:00:00Z' }), r('new', { start_time: '2026-03-12T10:00:00Z' })]
    expect(checkPage(rows, { date_from: '-7d' }, '-start_time', now).rows.map((x) => x.id)).toEqual(['new'])
  })

  it('applies an ignored start URL filter (contains ignoring case, or a case-sensitive regex) to this page', () => {
    const rows = [
      r('a', { start_url: 'https://shop.example.com/Pricing' }),
      r('b', { start_url: 'https://app.example.com/login' }),
      r('c', { start_url: null }),
    ]
    const contains = checkPage(rows, { start_url: 'pricing' }, null, now)
    expect(contains.rows.map((x) => x.id)).toEqual(['a'])
    expect(contains.pageOnly).toEqual(['start URL filter'])
    expect(checkPage(rows, { start_url_regex: '^https://app\\.' }, null, now).rows.map((x) => x.id)).toEqual(['b'])
    expect(checkPage(rows, { start_url_regex: 'pricing' }, null, now).rows).toEqual([])
  })
})
