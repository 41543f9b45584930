import { describe, expect, it } from 'vitest'
import type { BatchExportInterval } from '../contracts/batch-exports'
import { previewSchedule } from './schedule'
import { formatInZone } from './schedule-zone'

const iso = (d: Date) => d.toISOString()
const windowsOf = (preview: ReturnType<typeof previewSchedule>) =>
  preview.windows.map((w) => `${iso(w.start).slice(0, 16)}–${iso(w.end).slice(11, 16)}`)

describe('schedule preview', () => {
  const now = new Date('2026-03-12T10:07:30Z')

  it.each<[BatchExportInterval, string, string]>([
    ['every 5 minutes', '2026-03-12T10:05:00.000Z', '2026-03-12T10:10:00.000Z'],
    ['every 15 minutes', '2026-03-12T10:00:00.000Z', '2026-03-12T10:15:00.000Z'],
    ['hour', '2026-03-12T10:00:00.000Z', '2026-03-12T11:00:00.000Z'],
    ['day', '2026-03-12T00:00:00.000Z', '2026-03-13T00:00:00.000Z'],
    // Weeks close on Sundays at 00:00 unless offset_day says otherwise (PostHog's default).
    ['week', '2026-03-08T00:00:00.000Z', '2026-03-15T00:00:00.000Z'],
  ])('starts %s with the window that is still open (UTC by default)', (interval, start, end) => {
    const preview = previewSchedule({ interval }, now)
    expect(preview.state).toBe('active')
    expect(preview.windows).toHaveLength(5)
    expect(iso(preview.windows[0]!.start)).toBe(start)
    expect(iso(preview.windows[0]!.end)).toBe(end)
    // Consecutive, without gaps.
    for (let i = 1; i < 5; i++) expect(preview.windows[i]!.start).toEqual(preview.windows[i - 1]!.end)
  })

  it('moves a boundary instant to the next window: the run at 10:00 is already due', () => {
    const preview = previewSchedule({ interval: 'hour' }, new Date('2026-03-12T10:00:00Z'), 1)
    expect(windowsOf(preview)).toEqual(['2026-03-12T10:00–11:00'])
  })

  it('waits for a future start: the first run is the first window closing after it', () => {
    const preview = previewSchedule({ interval: 'hour', startAt: '2026-03-14T08:30:00+01:00' }, now, 2)
    expect(preview.waitsForStart).toBe(true)
    expect(windowsOf(preview)).toEqual(['2026-03-14T07:00–08:00', '2026-03-14T08:00–09:00'])
  })

  it('closes daily and weekly windows at the offset hour (and day) in the export’s zone', () => {
    const daily = previewSchedule({ interval: 'day', timezone: 'Europe/Berlin', offsetHour: 2 }, now, 2)
    expect(windowsOf(daily)).toEqual(['2026-03-12T01:00–01:00', '2026-03-13T01:00–01:00'])
    const weekly = previewSchedule({ interval: 'week', timezone: 'UTC', offsetDay: 1, offsetHour: 9 }, now, 1)
    expect(windowsOf(weekly)).toEqual(['2026-03-09T09:00–09:00'])
    expect(iso(weekly.windows[0]!.end)).toBe('2026-03-16T09:00:00.000Z')
  })

  it('ignores a start bound in the past', () => {
    const preview = previewSchedule({ interval: 'day', startAt: '2026-01-01T00:00:00Z' }, now, 1)
    expect(preview.waitsForStart).toBe(false)
    expect(windowsOf(preview)).toEqual(['2026-03-12T00:00–00:00'])
  })

  it('stops at the end bound, keeping only whole windows', () => {
    const preview = previewSchedule({ interval: 'hour', endAt: '2026-03-12T13:30:00Z' }, now)
    expect(windowsOf(preview)).toEqual(['2026-03-12T10:00–11:00', '2026-03-12T11:00–12:00', '2026-03-12T12:00–13:00'])
    expect(preview.state).toBe('active')
  })

  it('says the schedule ended when the end bound leaves no window', () => {
    expect(previewSchedule({ interval: 'day', endAt: '2026-03-12T12:00:00Z' }, now)).toEqual({
      state: 'ended',
      windows: [],
      waitsForStart: false,
    })
  })

  it('flags an end that is not after the start', () => {
    const preview = previewSchedule(
      { interval: 'hour', startAt: '2026-04-01T00:00:00Z', endAt: '2026-04-01T00:00:00Z' },
      now,
    )
    expect(preview.state).toBe('invalid')
    expect(preview.windows).toEqual([])
  })

  it('marks a paused export and still shows what resuming would run', () => {
    const preview = previewSchedule({ interval: 'hour', paused: true }, now, 2)
    expect(preview.state).toBe('paused')
    expect(windowsOf(preview)).toEqual(['2026-03-12T10:00–11:00', '2026-03-12T11:00–12:00'])
  })

  it('treats empty bounds as no bounds', () => {
    expect(previewSchedule({ interval: 'hour', startAt: '', endAt: null }, now, 1).state).toBe('active')
  })

  describe('across daylight saving in Europe/Berlin', () => {
    it('keeps daily windows 24 real hours long while the local clock shifts', () => {
      const preview = previewSchedule({ interval: 'day' }, new Date('2026-03-28T06:00:00Z'), 3)
      const local = preview.windows.map(
        (w) => `${formatInZone(w.start, 'Europe/Berlin')} → ${formatInZone(w.end, 'Europe/Berlin')}`,
      )
      expect(local).toEqual([
        'Sat 28 Mar, 01:00 CET → Sun 29 Mar, 01:00 CET',
        'Sun 29 Mar, 01:00 CET → Mon 30 Mar, 02:00 CEST',
        'Mon 30 Mar, 02:00 CEST → Tue 31 Mar, 02:00 CEST',
      ])
      for (const w of preview.windows) expect(w.end.getTime() - w.start.getTime()).toBe(86_400_000)
    })

    it('shows the repeated local hour of the fall-back as two distinct windows', () => {
      const preview = previewSchedule({ interval: 'hour' }, new Date('2026-10-24T23:30:00Z'), 3)
      const local = preview.windows.map((w) => formatInZone(w.start, 'Europe/Berlin'))
      expect(local).toEqual(['Sun 25 Oct, 01:00 CEST', 'Sun 25 Oct, 02:00 CEST', 'Sun 25 Oct, 02:00 CET'])
    })

    it('skips no window at the spring-forward: 02:00 local simply never appears', () => {
      const preview = previewSchedule({ interval: 'hour' }, new Date('2026-03-29T00:30:00Z'), 2)
      const local = preview.windows.map((w) => formatInZone(w.start, 'Europe/Berlin'))
      expect(local).toEqual(['Sun 29 Mar, 01:00 CET', 'Sun 29 Mar, 03:00 CEST'])
    })

    it('reads a start bound given in Berlin summer time correctly', () => {
      const preview = previewSchedule(
        { interval: 'day', startAt: '2026-07-01T00:00:00+02:00' },
        new Date('2026-06-01T00:00:00Z'),
        1,
      )
      // 2026-06-30T22:00Z: the first UTC day to close after it closes on 1 July at 00:00.
      expect(windowsOf(preview)).toEqual(['2026-06-30T00:00–00:00'])
    })
  })
})
