/** Small time helpers: relative times and durations in words, absolute times and zone labels on Intl. */
import { formatNumber, intlFormatter } from './format'

type Unit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second'

const UNITS: [Unit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
]

/** The single step a unit has a word for ("yesterday"), as Intl's English says it with `numeric: 'auto'`. */
const ONE_STEP: Partial<Record<Unit, [past: string, future: string]>> = {
  year: ['last year', 'next year'],
  month: ['last month', 'next month'],
  week: ['last week', 'next week'],
  day: ['yesterday', 'tomorrow'],
}

/**
 * "3 hours ago", "in 2 days", "yesterday", "just now": English, as the console's text is, and what
 * `Intl.RelativeTimeFormat('en', { numeric: 'auto' })` says, written out for the reason formatNumber is.
 */
export function formatRelative(value: Date | string, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000)
  if (Math.abs(seconds) < 45) return 'just now'
  const [unit, size] = UNITS.find(([, size]) => Math.abs(seconds) >= size)!
  const count = Math.round(seconds / size)
  const word = Math.abs(count) === 1 ? ONE_STEP[unit]?.[count < 0 ? 0 : 1] : undefined
  if (word) return word
  const amount = `${formatNumber(Math.abs(count))} ${unit}${Math.abs(count) === 1 ? '' : 's'}`
  return count < 0 ? `${amount} ago` : `in ${amount}`
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
