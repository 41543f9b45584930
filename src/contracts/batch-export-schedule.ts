import { wallMs, wallToInstant } from './time-zones'

/**
 * When an export's data windows close, as PostHog schedules them: `every 5 minutes`, `every 15
 * minutes` and `hour` close on multiples of their length since the epoch (UTC); `day` closes every
 * day at `offset_hour` in `timezone`; `week` every week on `offset_day` (0 = Sunday) at
 * `offset_hour`. A window is `[end − interval, end)` with the interval's fixed length (a day is 24 h
 * even across a DST switch, as PostHog's `get_data_interval` does). Used by the engine, the schedule
 * preview and the console's resume dialog, so all three count the same windows.
 */

export type ScheduleInterval = 'hour' | 'day' | 'week' | 'every 5 minutes' | 'every 15 minutes'

export const INTERVAL_MS: Record<ScheduleInterval, number> = {
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
  'every 5 minutes': 300_000,
  'every 15 minutes': 900_000,
}

export type Schedule = {
  interval: ScheduleInterval
  /** IANA zone for daily and weekly boundaries; UTC when absent. */
  timezone?: string | null
  /** 0–6, Sunday first; weekly only. */
  offset_day?: number | null
  /** 0–23; daily and weekly only. */
  offset_hour?: number | null
}

const DAY = 86_400_000

/** PostHog stores one `interval_offset` in seconds; these read it back as its properties do. */
export function offsetDayOf(interval: string, intervalOffset: number | null): number | null {
  if (interval !== 'week') return null
  return intervalOffset === null ? 0 : Math.floor(intervalOffset / 86_400) % 7
}

export function offsetHourOf(interval: string, intervalOffset: number | null): number | null {
  if (interval !== 'day' && interval !== 'week') return null
  return intervalOffset === null ? 0 : Math.floor(intervalOffset / 3_600) % 24
}

/** The closing instant of the day (or week) in the zone that contains wall day `dayWall` (UTC-reading ms at 00:00). */
function closingOn(dayWall: number, hour: number, timeZone: string): number {
  return wallToInstant(dayWall + hour * 3_600_000, timeZone).instant
}

/** The first window end strictly after `afterMs`. */
export function nextWindowEnd(schedule: Schedule, afterMs: number): number {
  const step = INTERVAL_MS[schedule.interval]
  if (schedule.interval !== 'day' && schedule.interval !== 'week') return Math.floor(afterMs / step) * step + step
  const zone = schedule.timezone || 'UTC'
  const hour = schedule.offset_hour ?? 0
  // Start from the local day before `afterMs` (a close on that day may still lie ahead in UTC terms).
  let day = Math.floor(wallMs(afterMs, zone) / DAY) * DAY - DAY
  const wantWeekday = schedule.interval === 'week' ? (schedule.offset_day ?? 0) : null
  for (let i = 0; i < 16; i++, day += DAY) {
    if (wantWeekday !== null && new Date(day).getUTCDay() !== wantWeekday) continue
    const end = closingOn(day, hour, zone)
    if (end > afterMs) return end
  }
  throw new Error('No window end found within 16 days')
}

/** Window ends in `(afterMs, untilMs]`, oldest first, at most `limit` of them. */
export function windowEndsBetween(schedule: Schedule, afterMs: number, untilMs: number, limit = Infinity): number[] {
  const ends: number[] = []
  for (let end = nextWindowEnd(schedule, afterMs); end <= untilMs && ends.length < limit;) {
    ends.push(end)
    end = nextWindowEnd(schedule, end)
  }
  return ends
}

/** The data window a run closing at `end` exports. */
export const windowClosingAt = (schedule: Pick<Schedule, 'interval'>, end: number) => ({
  start: end - INTERVAL_MS[schedule.interval],
  end,
})

/**
 * The windows missed while an export was paused: those that closed in `(pausedAt, now]` and lie
 * inside the export's `[start_at, end_at]` bounds. What `unpause` with `backfill: true` exports.
 */
export function missedWindows(
  schedule: Schedule & { start_at?: string | null; end_at?: string | null },
  pausedAtMs: number,
  nowMs: number,
  limit = Infinity,
) {
  const startBound = schedule.start_at ? Date.parse(schedule.start_at) : -Infinity
  const endBound = schedule.end_at ? Date.parse(schedule.end_at) : Infinity
  return windowEndsBetween(schedule, Math.max(pausedAtMs, startBound - 1), Math.min(nowMs, endBound), limit).map(
    (end) => windowClosingAt(schedule, end),
  )
}
