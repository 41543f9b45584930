/** Small time helpers on Intl: relative times, durations, zone labels. */
import { intlFormatter } from './format'

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
]

/** "3 hours ago", "in 2 days", "just now". */
export function formatRelative(value: Date | string, now: Date = new Date(), locale?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000)
  if (Math.abs(seconds) < 45) return 'just now'
  const fmt = intlFormatter(`relative ${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }))
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return fmt.format(Math.round(seconds / size), unit)
  }
  return fmt.format(seconds, 'second')
}

/** "4m 12s", "1h 03m", "2d 4h", "0s" — at most two units. */
export function formatDuration(totalSeconds: number | null | undefined): string {
  if (totalSeconds === null || totalSeconds === undefined || !Number.isFinite(totalSeconds)) return '—'
  const s = Math.max(0, Math.round(totalSeconds))
  const days = Math.floor(s / 86400)
  const hours = Math.floor((s % 86400) / 3600)
  const minutes = Math.floor((s % 3600) / 60)
  const seconds = s % 60
  if (days > 0) return hours ? `${days}d ${hours}h` : `${days}d`
  if (hours > 0) return `${hours}h ${String(minutes).padStart(2, '0')}m`
  if (minutes > 0) return `${minutes}m ${seconds}s`
  return `${seconds}s`
}

/** The viewer's IANA zone, e.g. "Europe/Berlin". */
export function viewerTimeZone(): string {
  return intlFormatter('viewer', () => new Intl.DateTimeFormat()).resolvedOptions().timeZone || 'UTC'
}

/** A short label for a zone at an instant: "GMT+2", "UTC". */
export function zoneLabel(timeZone: string = viewerTimeZone(), at: Date = new Date(), locale?: string): string {
  const part = intlFormatter(
    `zone ${locale} ${timeZone}`,
    () => new Intl.DateTimeFormat(locale ?? 'en-US', { timeZone, timeZoneName: 'short' }),
  )
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')
  return part?.value ?? timeZone
}

/** "12 Mar 2026, 14:05" in the viewer's zone (or a given one). */
export function formatDateTime(value: Date | string, options: { timeZone?: string; locale?: string } = {}): string {
  const date = typeof value === 'string' ? new Date(value) : value
  const { locale, timeZone } = options
  return intlFormatter(
    `datetime ${locale} ${timeZone}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }),
  ).format(date)
}

/** "2026-03-12 12:05:09 UTC" — the exact instant, unambiguous. */
export function formatUtc(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`
}
