import * as z from 'zod/mini'
import { cursorPage, hasNextPage, paginated } from '../contracts/common'

/** One page of any list, whichever envelope the server used. `count` is null when unknown. */
export type PageOf<T> = {
  results: T[]
  count: number | null
  hasNext: boolean
  next: string | null
  previous: string | null
}

/**
 * Parses any envelope: the spec's `{count, next, previous, results}`, PostHog's recordings list
 * `{results, has_next}` (no count), or DRF's cursor pages `{next, previous, results}` (PostHog's
 * export runs), into one PageOf shape.
 */
export function pageOf<T extends z.ZodMiniType>(item: T) {
  return z.pipe(
    z.union([paginated(item), hasNextPage(item), cursorPage(item)]),
    z.transform((body): PageOf<z.output<T>> =>
      'count' in body
        ? {
            results: body.results,
            count: body.count,
            hasNext: body.next !== null,
            next: body.next,
            previous: body.previous,
          }
        : 'has_next' in body
          ? {
              results: body.results,
              count: null,
              hasNext: body.has_next,
              next: body.next ?? null,
              previous: body.previous ?? null,
            }
          : {
              results: body.results,
              count: null,
              hasNext: body.next !== null,
              next: body.next,
              previous: body.previous,
            },
    ),
  )
}
