import { windowClosingAt, windowEndsBetween, type Schedule } from '../contracts/batch-export-schedule'
import { INTERVAL_MS, type BatchExportInterval } from '../contracts/batch-exports'

/** Length of each interval, from the contract the server schedules with. */
export { INTERVAL_MS }

export const INTERVAL_LABELS: Record<BatchExportInterval, string> = {
  'every 5 minutes': 'Every 5 min',
  'every 15 minutes': 'Every 15 min',
  hour: 'Hourly',
  day: 'Daily',
  week: 'Weekly',
}

/** A data window `[start, end)`: what one run exports. The run starts when the window ends. */
export type DataWindow = { start: Date; end: Date }

export type ScheduleInput = {
  interval: BatchExportInterval
  /** The export's zone: daily and weekly windows close in it. UTC when absent. */
  timezone?: string | null
  /** 0 = Sunday; weekly only. */
  offsetDay?: number | null
  /** 0–23; daily and weekly only. */
  offsetHour?: number | null
  startAt?: Date | string | null
  endAt?: Date | string | null
  paused?: boolean
}

export type SchedulePreview = {
  /**
   * `active`: runs are coming; `paused`: nothing runs until resumed (windows are what would run
   * after resuming now); `ended`: the end bound leaves no further window; `invalid`: end not after start.
   */
  state: 'active' | 'paused' | 'ended' | 'invalid'
  windows: DataWindow[]
  /** The start bound lies ahead: nothing runs before the first window. */
  waitsForStart: boolean
}

const toMs = (value: Date | string | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null
  const ms = typeof value === 'string' ? Date.parse(value) : value.getTime()
  return Number.isNaN(ms) ? null : ms
}

export const scheduleOfInput = (input: ScheduleInput): Schedule => ({
  interval: input.interval,
  timezone: input.timezone,
  offset_day: input.offsetDay,
  offset_hour: input.offsetHour,
})

/** "Daily at 02:00 Europe/Berlin", "Weekly on Monday at 09:00 UTC", "Hourly". */
export function describeSchedule(input: ScheduleInput): string {
  const hour = `${String(input.offsetHour ?? 0).padStart(2, '0')}:00`
  const zone = input.timezone || 'UTC'
  if (input.interval === 'day') return `Daily at ${hour} ${zone}`
  if (input.interval === 'week') return `Weekly on ${WEEKDAYS[input.offsetDay ?? 0]} at ${hour} ${zone}`
  return INTERVAL_LABELS[input.interval]
}

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/**
 * The next data windows an export would cover, as the engine schedules them (the contract's
 * schedule: sub-daily windows on UTC multiples of their length, daily and weekly ones closing at
 * the offset hour in the export's zone). A window runs when it closes; windows closing before the
 * start bound or after the end bound do not run.
 */
export function previewSchedule(input: ScheduleInput, now: Date = new Date(), count = 5): SchedulePreview {
  const start = toMs(input.startAt)
  const end = toMs(input.endAt)
  if (start !== null && end !== null && end <= start) return { state: 'invalid', windows: [], waitsForStart: false }
  const schedule = scheduleOfInput(input)
  const after = Math.max(now.getTime(), start === null ? -Infinity : start - 1)
  const windows: DataWindow[] = windowEndsBetween(schedule, after, end ?? Infinity, count).map((e) => {
    const w = windowClosingAt(schedule, e)
    return { start: new Date(w.start), end: new Date(w.end) }
  })
  const waitsForStart = start !== null && start > now.getTime()
  if (windows.length === 0) return { state: 'ended', windows, waitsForStart: false }
  return { state: input.paused ? 'paused' : 'active', windows, waitsForStart }
}
