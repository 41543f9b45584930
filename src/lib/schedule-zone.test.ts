import { describe, expect, it } from 'vitest'
import {
  formatInZone,
  formatRangeInZone,
  formatOffset,
  instantToLocalInput,
  offsetMinutes,
  timeZoneChoices,
  toZonedIso,
  zonedToInstant,
} from './schedule-zone'

const BERLIN = 'Europe/Berlin'

describe('wall times in a zone', () => {
  it('reads a wall time in winter and in summer with the offset in force', () => {
    expect(zonedToInstant('2026-01-15T09:00', BERLIN)).toEqual({
      instant: new Date('2026-01-15T08:00:00Z'),
      adjustment: null,
    })
    expect(zonedToInstant('2026-07-15T09:00', BERLIN)?.instant).toEqual(new Date('2026-07-15T07:00:00Z'))
    expect(zonedToInstant('2026-07-15T09:00', 'America/New_York')?.instant).toEqual(new Date('2026-07-15T13:00:00Z'))
    expect(zonedToInstant('2026-07-15T09:00', 'UTC')?.instant).toEqual(new Date('2026-07-15T09:00:00Z'))
  })

  it('moves a wall time that the spring-forward skips to after the gap', () => {
    // 29 Mar 2026: Berlin jumps from 02:00 CET to 03:00 CEST; 02:30 never happens.
    expect(zonedToInstant('2026-03-29T02:30', BERLIN)).toEqual({
      instant: new Date('2026-03-29T01:30:00Z'),
      adjustment: 'gap',
    })
    expect(toZonedIso(zonedToInstant('2026-03-29T02:30', BERLIN)!.instant, BERLIN)).toBe('2026-03-29T03:30:00+02:00')
  })

  it('takes the first of a wall time that the fall-back repeats', () => {
    // 25 Oct 2026: Berlin goes from 03:00 CEST back to 02:00 CET; 02:30 happens twice.
    expect(zonedToInstant('2026-10-25T02:30', BERLIN)).toEqual({
      instant: new Date('2026-10-25T00:30:00Z'),
      adjustment: 'ambiguous',
    })
    expect(zonedToInstant('2026-10-25T03:30', BERLIN)).toEqual({
      instant: new Date('2026-10-25T02:30:00Z'),
      adjustment: null,
    })
  })

  it('refuses text that is not a wall time', () => {
    expect(zonedToInstant('', BERLIN)).toBeNull()
    expect(zonedToInstant('2026-02-30T10:00', BERLIN)).toBeNull()
    expect(zonedToInstant('2026-02-01 10:00', BERLIN)).toBeNull()
  })

  it('writes instants as timezone-aware ISO in the chosen zone', () => {
    const instant = new Date('2026-03-29T00:59:59.900Z')
    expect(toZonedIso(instant, BERLIN)).toBe('2026-03-29T01:59:59+01:00')
    expect(toZonedIso(new Date('2026-03-29T01:00:00Z'), BERLIN)).toBe('2026-03-29T03:00:00+02:00')
    expect(toZonedIso(instant, 'UTC')).toBe('2026-03-29T00:59:59Z')
    expect(toZonedIso(new Date('2026-01-01T00:00:00Z'), 'Asia/Kolkata')).toBe('2026-01-01T05:30:00+05:30')
    expect(formatOffset(-210)).toBe('-03:30')
  })

  it('round-trips through the datetime-local value', () => {
    expect(instantToLocalInput('2026-03-29T01:00:00Z', BERLIN)).toBe('2026-03-29T03:00')
    expect(instantToLocalInput('2026-03-29T00:30:00Z', BERLIN)).toBe('2026-03-29T01:30')
    expect(instantToLocalInput('not a date', BERLIN)).toBe('')
    const local = '2026-11-02T18:45'
    expect(instantToLocalInput(zonedToInstant(local, 'America/Los_Angeles')!.instant, 'America/Los_Angeles')).toBe(
      local,
    )
  })

  it('knows the offset on either side of a switch', () => {
    expect(offsetMinutes(new Date('2026-03-29T00:59:00Z'), BERLIN)).toBe(60)
    expect(offsetMinutes(new Date('2026-03-29T01:00:00Z'), BERLIN)).toBe(120)
    expect(offsetMinutes(new Date('2026-10-25T00:59:00Z'), BERLIN)).toBe(120)
    expect(offsetMinutes(new Date('2026-10-25T01:00:00Z'), BERLIN)).toBe(60)
  })

  it('labels each instant with the abbreviation in force', () => {
    expect(formatInZone(new Date('2026-03-29T00:00:00Z'), BERLIN)).toBe('Sun 29 Mar, 01:00 CET')
    expect(formatInZone(new Date('2026-03-29T01:00:00Z'), BERLIN)).toBe('Sun 29 Mar, 03:00 CEST')
    expect(formatInZone(new Date('2026-03-29T01:00:00Z'), 'UTC', { year: true })).toBe('Sun, 29 Mar 2026, 01:00 UTC')
  })

  it('writes a range with the date once when it stays on one local day', () => {
    const start = new Date('2026-03-29T00:00:00Z')
    expect(formatRangeInZone(start, new Date('2026-03-29T01:00:00Z'), BERLIN)).toBe(
      'Sun 29 Mar, 01:00 CET → 03:00 CEST',
    )
    expect(formatRangeInZone(start, new Date('2026-03-30T00:00:00Z'), BERLIN)).toBe(
      'Sun 29 Mar, 01:00 CET → Mon 30 Mar, 02:00 CEST',
    )
    expect(formatRangeInZone(start, new Date('2026-03-30T00:00:00Z'), 'UTC')).toBe(
      'Sun 29 Mar, 00:00 UTC → Mon 30 Mar, 00:00 UTC',
    )
    expect(formatRangeInZone(start, new Date('2026-03-30T00:00:00Z'), BERLIN, { compact: true })).toBe(
      '29 Mar 01:00 → 30 Mar 02:00',
    )
  })

  it('lists the preferred zones first, once, and skips unknown names', () => {
    const zones = timeZoneChoices('Europe/Berlin', 'UTC', 'Europe/Berlin', 'Mars/Olympus')
    expect(zones.slice(0, 2)).toEqual(['Europe/Berlin', 'UTC'])
    expect(zones.filter((z) => z === 'Europe/Berlin')).toHaveLength(1)
    expect(zones).not.toContain('Mars/Olympus')
  })
})
