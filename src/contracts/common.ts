import { z } from 'zod'

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
  attr: z.string().nullable(),
})
export type ErrorBody = z.infer<typeof errorBody>

export const DEFAULT_LIMIT = 100
export const MAX_LIMIT = 1000

const nonNegativeIntString = z
  .string()
  .regex(/^\d{1,12}$/, 'Must be a non-negative integer.')
  .transform(Number)

/** `limit`/`offset` as they arrive in a query string; limit is clamped to MAX_LIMIT. */
export const pageQuery = z.object({
  limit: nonNegativeIntString
    .refine((n) => n >= 1, 'Must be at least 1.')
    .transform((n) => Math.min(n, MAX_LIMIT))
    .optional(),
  offset: nonNegativeIntString.optional(),
})
export type PageQuery = { limit?: number; offset?: number }

/** The spec's pagination envelope. */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int().nonnegative(),
    next: z.url().nullable(),
    previous: z.url().nullable(),
    results: z.array(item),
  })
export type Paginated<T> = { count: number; next: string | null; previous: string | null; results: T[] }

/** PostHog's real recordings list: no count, only `has_next`. */
export const hasNextPage = <T extends z.ZodType>(item: T) =>
  z.object({
    results: z.array(item),
    has_next: z.boolean(),
    next: z.url().nullable().optional(),
    previous: z.url().nullable().optional(),
  })

/** Booleans in query strings, as PostHog accepts them. */
export const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')
