import { z } from 'zod'
import { DEFAULT_LIMIT, MAX_LIMIT, hasNextPage, paginated } from '../contracts/common'

/** What the console asks for: a window into a list. */
export type Page = { limit: number; offset: number }

/** One page of any list, whichever envelope the server used. `count` is null when unknown. */
export type PageOf<T> = {
  results: T[]
  count: number | null
  hasNext: boolean
  next: string | null
  previous: string | null
}

/**
 * Parses either envelope: the spec's `{count, next, previous, results}` or PostHog's
 * recordings list `{results, has_next}` (no count), into one PageOf shape.
 */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.union([paginated(item), hasNextPage(item)]).transform((body): PageOf<z.output<T>> =>
    'count' in body
      ? {
          results: body.results,
          count: body.count,
          hasNext: body.next !== null,
          next: body.next,
          previous: body.previous,
        }
      : {
          results: body.results,
          count: null,
          hasNext: body.has_next,
          next: body.next ?? null,
          previous: body.previous ?? null,
        },
  )
}

export const PAGE_SIZES = [25, 50, 100, 250] as const

/** 1-based page number and page size → limit/offset, within the server's bounds. */
export function toPage(page: number, pageSize: number): Page {
  const limit = Math.min(Math.max(1, Math.trunc(pageSize) || DEFAULT_LIMIT), MAX_LIMIT)
  const offset = Math.max(0, (Math.max(1, Math.trunc(page) || 1) - 1) * limit)
  return { limit, offset }
}

/** "1–100 of 2,431", or "101–150" when the total is unknown. */
export function describeRange(page: Page, shown: number, count: number | null, locale?: string): string {
  const fmt = new Intl.NumberFormat(locale)
  if (shown === 0) return count === null || count === 0 ? 'No results' : `0 of ${fmt.format(count)}`
  const range = `${fmt.format(page.offset + 1)}–${fmt.format(page.offset + shown)}`
  return count === null ? range : `${range} of ${fmt.format(count)}`
}
