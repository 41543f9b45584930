import { z } from 'zod'

/**
 * `date_from` / `date_to` as PostHog reads them (posthog/utils.py relative_date_parse): an ISO date or
 * date-time, or a relative offset `-N<unit>` counted back from now — h hours, d days, w weeks,
 * m months, q quarters (13 weeks), y years, M minutes, s seconds — where h, d, m and y may end in
 * `Start` or `End` (`-1dStart` is the start of yesterday, `mStart` the start of this month). `all` and
 * `null` mean no bound. Times without a zone are UTC.
 */
const RELATIVE = /^-?(\d{1,5})?([hdwmqyMs])(Start|End)?$/
const ABSOLUTE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/

export const dateParam = z
  .string()
  .refine(
    (v) =>
      v === 'all' ||
      v === 'null' ||
      (RELATIVE.test(v) && (Boolean(RELATIVE.exec(v)?.[1]) || Boolean(RELATIVE.exec(v)?.[3]))) ||
      (ABSOLUTE.test(v) && !Number.isNaN(Date.parse(withZone(v)))),
    'Use an ISO date or date-time, or a relative offset like -7d, -24h or -1mStart.',
  )

/** A date-time without a zone is read as UTC. */
function withZone(value: string) {
  const iso = value.replace(' ', 'T')
  return /T/.test(iso) && !/(Z|[+-]\d{2}:?\d{2})$/.test(iso) ? `${iso}Z` : iso
}

const HOUR = 3_600_000
const DAY = 24 * HOUR

function shift(now: number, n: number, unit: string): Date {
  const d = new Date(now)
  if (unit === 'h') d.setTime(now - n * HOUR)
  else if (unit === 'd') d.setTime(now - n * DAY)
  else if (unit === 'w') d.setTime(now - n * 7 * DAY)
  else if (unit === 'q') d.setTime(now - n * 13 * 7 * DAY)
  else if (unit === 'M') d.setTime(now - n * 60_000)
  else if (unit === 's') d.setTime(now - n * 1000)
  else if (unit === 'm') d.setUTCMonth(d.getUTCMonth() - n)
  else if (unit === 'y') d.setUTCFullYear(d.getUTCFullYear() - n)
  return d
}

/** The first instant of the hour/day/month/year holding `d` (UTC). */
function startOf(d: Date, unit: string): number {
  const y = d.getUTCFullYear()
  const mo = d.getUTCMonth()
  if (unit === 'h') return Date.UTC(y, mo, d.getUTCDate(), d.getUTCHours())
  if (unit === 'd') return Date.UTC(y, mo, d.getUTCDate())
  if (unit === 'm') return Date.UTC(y, mo, 1)
  if (unit === 'y') return Date.UTC(y, 0, 1)
  return d.getTime()
}

/** The first instant after the hour/day/month/year holding `d`. */
function endOf(d: Date, unit: string): number {
  const y = d.getUTCFullYear()
  const mo = d.getUTCMonth()
  if (unit === 'h') return Date.UTC(y, mo, d.getUTCDate(), d.getUTCHours() + 1)
  if (unit === 'd') return Date.UTC(y, mo, d.getUTCDate() + 1)
  if (unit === 'm') return Date.UTC(y, mo + 1, 1)
  if (unit === 'y') return Date.UTC(y + 1, 0, 1)
  return d.getTime()
}

/**
 * A `date_from`/`date_to` value as epoch ms, or null for no bound. A `date_to` (`end`) of a whole
 * date, or ending in `End`, reaches to the end of that day/unit; ranges are [from, to).
 */
export function resolveDate(value: string, end: boolean, now: number): number | null {
  if (value === 'all' || value === 'null') return null
  const rel = RELATIVE.exec(value)
  if (rel) {
    const [, n, unit = 'd', position] = rel
    const shifted = shift(now, Number(n ?? 0), unit)
    if (position === 'Start') return startOf(shifted, unit)
    if (position === 'End') return endOf(shifted, unit)
    return shifted.getTime()
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return Date.parse(`${value}T00:00:00Z`) + (end ? DAY : 0)
  return Date.parse(withZone(value))
}

/** Whether a value moves with the clock (so results filtered by it may never be cached). */
export const isRelativeDate = (value: string | undefined) => value !== undefined && RELATIVE.test(value)
