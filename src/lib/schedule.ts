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

const ceilTo = (ms: number, step: number) => Math.ceil(ms / step) * step

/**
 * The next data windows an export would cover. Windows are aligned to UTC interval boundaries
 * (multiples of the interval since the Unix epoch, as the scheduler aligns them; weekly windows
 * therefore start on Thursdays 00:00 UTC); a window counts only when it has not ended yet and
 * lies entirely inside `[startAt, endAt]`.
 */
export function previewSchedule(input: ScheduleInput, now: Date = new Date(), count = 5): SchedulePreview {
  const step = INTERVAL_MS[input.interval]
  const start = toMs(input.startAt)
  const end = toMs(input.endAt)
  if (start !== null && end !== null && end <= start) return { state: 'invalid', windows: [], waitsForStart: false }

  // The first window that has not ended yet, and that begins at or after the start bound.
  let windowEnd = Math.floor(now.getTime() / step) * step + step
  if (start !== null) windowEnd = Math.max(windowEnd, ceilTo(start, step) + step)

  const windows: DataWindow[] = []
  for (; windows.length < count; windowEnd += step) {
    if (end !== null && windowEnd > end) break
    windows.push({ start: new Date(windowEnd - step), end: new Date(windowEnd) })
  }
  const waitsForStart = start !== null && start > now.getTime()
  if (windows.length === 0) return { state: 'ended', windows, waitsForStart: false }
  return { state: input.paused ? 'paused' : 'active', windows, waitsForStart }
}
