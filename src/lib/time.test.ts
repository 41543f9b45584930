import { describe, expect, it } from 'vitest'
import { formatDuration, formatRelative, formatUtc, zoneLabel } from './time'

describe('time helpers', () => {
  const now = new Date('2026-03-12T12:00:00Z')

  it('says how long ago, in words', () => {
    expect(formatRelative('2026-03-12T09:00:00Z', now)).toBe('3 hours ago')
    expect(formatRelative('2026-03-12T11:59:50Z', now)).toBe('just now')
    expect(formatRelative('2026-03-14T12:00:00Z', now)).toBe('in 2 days')
    expect(formatRelative('2026-03-11T12:00:00Z', now)).toBe('yesterday')
  })

  it('says it as Intl.RelativeTimeFormat does in English, from seconds to years, past and future', () => {
    const intl = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
    const sizes = {
      year: 365 * 86400,
      month: 30 * 86400,
      week: 7 * 86400,
      day: 86400,
      hour: 3600,
      minute: 60,
      second: 1,
    }
    const offsets = [45, 59, 60, 89, 90, 3599, 3600, 5400, 86399, 86400, 129600, 172800, 604800, 1209600]
    for (const seconds of [...offsets, 2592000, 5184000, 31536000, 63072000, 315360000 * 400]) {
      for (const sign of [-1, 1]) {
        const s = sign * seconds
        const unit = (Object.keys(sizes) as (keyof typeof sizes)[]).find((u) => Math.abs(s) >= sizes[u])!
        const expected = intl.format(Math.round(s / sizes[unit]), unit)
        expect(formatRelative(new Date(now.getTime() + s * 1000), now)).toBe(expected)
      }
    }
  })

  it('formats durations with at most two units', () => {
    expect(formatDuration(0)).toBe('0s')
    expect(formatDuration(59)).toBe('59s')
    expect(formatDuration(252)).toBe('4m 12s')
    expect(formatDuration(3780)).toBe('1h 03m')
    expect(formatDuration(2 * 86400 + 4 * 3600 + 5)).toBe('2d 4h')
    expect(formatDuration(null)).toBe('—')
  })

  it('labels zones and shows the UTC instant', () => {
    expect(zoneLabel('UTC', now, 'en-US')).toBe('UTC')
    expect(zoneLabel('Europe/Berlin', now, 'en-GB')).toBe('CET')
    expect(formatUtc('2026-03-12T12:05:09.123+01:00')).toBe('2026-03-12 11:05:09 UTC')
  })
})
