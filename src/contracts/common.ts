import * as z from 'zod/mini'
import { DEFAULT_LIMIT, MAX_LIMIT } from './list-limits'

/** An ISO 8601 instant with an explicit zone (`Z` or `±hh:mm`); naive times are rejected. */
export const isoDateTime = z.iso.datetime({ offset: true })

export const errorType = z.enum([
  'authentication_error',
  'invalid_request',
  'server_error',
  'throttled_error',
  'validation_error',
])
export type ErrorType = z.infer<typeof errorType>

/** The error body every 4xx/5xx carries (PostHog's shape). */
export const errorBody = z.object({
  type: errorType,
  code: z.string(),
  detail: z.string(),
  attr: z.nullable(z.string()),
})
export type ErrorBody = z.infer<typeof errorBody>

export { DEFAULT_LIMIT, MAX_LIMIT }

/**
 * DRF's `_positive_int` (rest_framework/pagination.py): Python's int() of the text, refused when negative
 * (or zero when `strict`), clamped to `cutoff`. Undefined when refused.
 */
function positiveInt(text: string, strict: boolean, cutoff?: number): number | undefined {
  if (!/^\s*\+?\d+(?:_\d+)*\s*$/.test(text)) return undefined
  const n = Math.min(Number(text.replace(/[\s_+]/g, '')), Number.MAX_SAFE_INTEGER)
  if (strict && n === 0) return undefined
  return cutoff === undefined ? n : Math.min(n, cutoff)
}

/**
 * `limit`/`offset` as DRF's LimitOffsetPagination reads them: a limit that is not a positive integer
 * falls back to the default, one over MAX_LIMIT is clamped; an offset that is not a non-negative
 * integer falls back to 0. Never refused.
 */
export const pageQuery = z.object({
  limit: z.pipe(
    z.optional(z.string()),
    z.transform((v) => (v === undefined ? undefined : positiveInt(v, true, MAX_LIMIT))),
  ),
  offset: z.pipe(
    z.optional(z.string()),
    z.transform((v) => (v === undefined ? undefined : positiveInt(v, false))),
  ),
})
export type PageQuery = { limit?: number; offset?: number }

/** The spec's pagination envelope. */
export const paginated = <T extends z.core.$ZodType>(item: T) =>
  z.object({
    count: z.number().check(z.int(), z.nonnegative()),
    next: z.nullable(z.url()),
    previous: z.nullable(z.url()),
    results: z.array(item),
  })
export type Paginated<T> = { count: number; next: string | null; previous: string | null; results: T[] }

/** PostHog's real recordings list: no count, only `has_next`. */
export const hasNextPage = <T extends z.core.$ZodType>(item: T) =>
  z.object({
    results: z.array(item),
    has_next: z.boolean(),
    next: z.optional(z.nullable(z.url())),
    previous: z.optional(z.nullable(z.url())),
  })

/** DRF's cursor pagination, as PostHog pages export runs (RunsCursorPagination): no count, no offset. */
export const cursorPage = <T extends z.core.$ZodType>(item: T) =>
  z.object({ next: z.nullable(z.url()), previous: z.nullable(z.url()), results: z.array(item) })

/** Booleans in query strings, as PostHog accepts them. */
export const queryBoolean = z.pipe(
  z.string().check(z.refine((v) => ['true', 'false', '1', '0'].includes(v), 'Must be a valid boolean.')),
  z.transform((v) => v === 'true' || v === '1'),
)
