import { describe, expect, it } from 'vitest'
import { formatDuration, formatRelative, formatUtc, zoneLabel } from './time'

describe('time helpers', () => {
  const now = new Date('2026-03-12T12:00:00Z')

  it('says how long ago, in words', () => {
    expect(formatRelative('2026-03-12T09:00:00Z', now, 'en')).toBe('3 hours ago')
    expect(formatRelative('2026-03-12T11:59:50Z', now, 'en')).toBe('just now')
    expect(formatRelative('2026-03-14T12:00:00Z', now, 'en')).toBe('in 2 days')
    expect(formatRelative('2026-03-11T12:00:00Z', now, 'en')).toBe('yesterday')
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
