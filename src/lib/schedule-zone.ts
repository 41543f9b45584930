/**
 * Wall-clock time in an IANA zone ⇄ instants, on Intl only. `<input type="datetime-local">` gives a
 * naive wall time; the API wants a timezone-aware instant, so every conversion names its zone.
 */

import { isValidTimeZone, offsetMinutes, wallMs, wallToInstant } from '../contracts/time-zones'

export { offsetMinutes }

const MINUTE = 60_000

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

export type ZonedResolution = {
  instant: Date
  /** `gap`: that wall time does not exist (clocks went forward) and was moved later; `ambiguous`: it happens twice (clocks went back) and the earlier one was taken. */
  adjustment: 'gap' | 'ambiguous' | null
}

/**
 * The instant a wall time (`2026-03-29T02:30`) names in a zone, resolved like Temporal's
 * "compatible" disambiguation: a time in a DST gap moves forward by the gap, a repeated time
 * takes its first occurrence. Null when the text is not a wall time.
 */
export function zonedToInstant(local: string, timeZone: string): ZonedResolution | null {
  const m = LOCAL_PATTERN.exec(local)
  if (!m) return null
  const [, y, mo, d, h, mi, s] = m
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0))
  const check = new Date(wall)
  if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d) || Number(h) > 23) return null

  const resolved = wallToInstant(wall, timeZone)
  return { instant: new Date(resolved.instant), adjustment: resolved.adjustment }
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0')

/** `+02:00`, `-03:30`, `Z` for UTC itself. */
export function formatOffset(minutes: number): string {
  if (minutes === 0) return 'Z'
  return `${minutes < 0 ? '-' : '+'}${pad(Math.trunc(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`
}

/** An instant as ISO 8601 with the zone's offset at that instant: `2026-03-29T03:30:00+02:00`. */
export function toZonedIso(instant: Date, timeZone: string): string {
  const offset = offsetMinutes(instant, timeZone)
  const wall = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offset * MINUTE)
  return `${wall.toISOString().slice(0, 19)}${formatOffset(offset)}`
}

/** The value a datetime-local input shows for an instant in a zone: `2026-03-29T03:30`. */
export function instantToLocalInput(instant: Date | string, timeZone: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant
  if (Number.isNaN(date.getTime())) return ''
  return new Date(wallMs(date.getTime(), timeZone)).toISOString().slice(0, 16)
}

/** `compact`: no weekday and no zone name (for tables whose header names the zone). */
export type ZonedFormat = { locale?: string; year?: boolean; seconds?: boolean; compact?: boolean }

/** "Sun 29 Mar, 01:00 CET" — short enough for a list of windows, with the zone's abbreviation. */
export function formatInZone(instant: Date, timeZone: string, options: ZonedFormat = {}): string {
  const text = new Intl.DateTimeFormat(options.locale ?? 'en-GB', {
    timeZone,
    weekday: options.compact ? undefined : 'short',
    day: 'numeric',
    month: 'short',
    year: options.year ? 'numeric' : undefined,
    hour: '2-digit',
    minute: '2-digit',
    second: options.seconds ? '2-digit' : undefined,
    hourCycle: 'h23',
    timeZoneName: options.compact ? undefined : 'short',
  }).format(instant)
  return options.compact ? text.replace(', ', ' ') : text
}

/** Every zone the browser knows, the given ones first (viewer's zone, UTC, the project's zone). */
export function timeZoneChoices(...first: (string | null | undefined)[]): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  const head = [...new Set(first.filter((z): z is string => Boolean(z) && isValidTimeZone(z!)))]
  return [...head, ...all.filter((z) => !head.includes(z))]
}

/** "Thu 12 Mar, 10:00 CET → 11:00 CET"; the end repeats the date only when the local day changes. */
export function formatRangeInZone(start: Date, end: Date, timeZone: string, options: ZonedFormat = {}): string {
  const sameDay = instantToLocalInput(start, timeZone).slice(0, 10) === instantToLocalInput(end, timeZone).slice(0, 10)
  const endText = sameDay
    ? new Intl.DateTimeFormat(options.locale ?? 'en-GB', {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZoneName: options.compact ? undefined : 'short',
      }).format(end)
    : formatInZone(end, timeZone, options)
  return `${formatInZone(start, timeZone, options)} → ${endText}`
}
