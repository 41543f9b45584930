import * as z from 'zod/mini'

/**
 * `date_from` / `date_to` as PostHog reads them (resolved to instants by resolveDate in
 * recording-filters.ts) (posthog/utils.py relative_date_parse): an ISO date or
 * date-time, or a relative offset `-N<unit>` counted back from now — h hours, d days, w weeks,
 * m months, q quarters (13 weeks), y years, M minutes, s seconds — where h, d, m and y may end in
 * `Start` or `End` (`-1dStart` is the start of yesterday, `mStart` the start of this month). `all` and
 * `null` mean no bound. Times without a zone are UTC.
 */
export const RELATIVE = /^-?(\d{1,5})?([hdwmqyMs])(Start|End)?$/
const ABSOLUTE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/

export const dateParam = z
  .string()
  .check(
    z.refine(
      (v) =>
        v === 'all' ||
        v === 'null' ||
        (RELATIVE.test(v) && (Boolean(RELATIVE.exec(v)?.[1]) || Boolean(RELATIVE.exec(v)?.[3]))) ||
        (ABSOLUTE.test(v) && !Number.isNaN(Date.parse(withZone(v)))),
      'Use an ISO date or date-time, or a relative offset like -7d, -24h or -1mStart.',
    ),
  )

/** A date-time without a zone is read as UTC. */
export function withZone(value: string) {
  const iso = value.replace(' ', 'T')
  return /T/.test(iso) && !/(Z|[+-]\d{2}:?\d{2})$/.test(iso) ? `${iso}Z` : iso
}

/** Whether a value moves with the clock (so results filtered by it may never be cached). */
export const isRelativeDate = (value: string | undefined) => value !== undefined && RELATIVE.test(value)
