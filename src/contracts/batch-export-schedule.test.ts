import { describe, expect, it } from 'vitest'
import { missedWindows, nextWindowEnd, offsetDayOf, offsetHourOf, windowEndsBetween } from './batch-export-schedule'

const t = (iso: string) => Date.parse(iso)
const isos = (ms: number[]) => ms.map((m) => new Date(m).toISOString())

describe('batch export schedule', () => {
  it('closes sub-daily windows on multiples of their length since the epoch (UTC)', () => {
    expect(isos([nextWindowEnd({ interval: 'hour' }, t('2026-03-02T10:30:00Z'))])).toEqual(['2026-03-02T11:00:00.000Z'])
    expect(isos([nextWindowEnd({ interval: 'hour' }, t('2026-03-02T11:00:00Z'))])).toEqual(['2026-03-02T12:00:00.000Z'])
    expect(
      isos(windowEndsBetween({ interval: 'every 15 minutes' }, t('2026-03-02T10:01:00Z'), t('2026-03-02T10:46:00Z'))),
    ).toEqual(['2026-03-02T10:15:00.000Z', '2026-03-02T10:30:00.000Z', '2026-03-02T10:45:00.000Z'])
  })

  it('closes daily windows at offset_hour in the export’s zone, across a DST switch', () => {
    const berlin = { interval: 'day' as const, timezone: 'Europe/Berlin', offset_hour: 2 }
    // 29 Mar 2026: Berlin skips 02:00–03:00, so that night's 02:00 is 03:00 CEST (01:00Z).
    expect(isos(windowEndsBetween(berlin, t('2026-03-27T12:00:00Z'), t('2026-03-30T12:00:00Z')))).toEqual([
      '2026-03-28T01:00:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-03-30T00:00:00.000Z',
    ])
    expect(isos([nextWindowEnd({ interval: 'day', timezone: 'UTC' }, t('2026-03-02T00:00:00Z'))])).toEqual([
      '2026-03-03T00:00:00.000Z',
    ])
  })

  it('closes weekly windows on offset_day (0 = Sunday) at offset_hour', () => {
    const mondayNine = { interval: 'week' as const, timezone: 'America/New_York', offset_day: 1, offset_hour: 9 }
    expect(isos(windowEndsBetween(mondayNine, t('2026-03-01T00:00:00Z'), t('2026-03-17T00:00:00Z')))).toEqual([
      '2026-03-02T14:00:00.000Z', // EST
      '2026-03-09T13:00:00.000Z', // EDT from 8 Mar
      '2026-03-16T13:00:00.000Z',
    ])
  })

  it('reads PostHog’s interval_offset back as offset_day and offset_hour', () => {
    expect([offsetDayOf('week', 86_400 * 3 + 3600 * 5), offsetHourOf('week', 86_400 * 3 + 3600 * 5)]).toEqual([3, 5])
    expect([offsetDayOf('day', 7200), offsetHourOf('day', 7200)]).toEqual([null, 2])
    expect([offsetDayOf('week', null), offsetHourOf('week', null)]).toEqual([0, 0])
    expect([offsetDayOf('hour', 7200), offsetHourOf('hour', 7200)]).toEqual([null, null])
  })

  it('counts the windows missed while paused inside the export’s bounds', () => {
    const windows = missedWindows(
      { interval: 'hour', end_at: '2026-03-02T14:00:00Z' },
      t('2026-03-02T10:20:00Z'),
      t('2026-03-02T16:10:00Z'),
    )
    expect(windows.map((w) => [new Date(w.start).toISOString(), new Date(w.end).toISOString()])).toEqual([
      ['2026-03-02T10:00:00.000Z', '2026-03-02T11:00:00.000Z'],
      ['2026-03-02T11:00:00.000Z', '2026-03-02T12:00:00.000Z'],
      ['2026-03-02T12:00:00.000Z', '2026-03-02T13:00:00.000Z'],
      ['2026-03-02T13:00:00.000Z', '2026-03-02T14:00:00.000Z'],
    ])
  })
})
