import { DEFAULT_LIMIT, type Paginated } from '../src/contracts/common'

/** The spec's envelope with absolute next/previous URLs (limit and offset replaced; null at the ends). */
export function envelope<T>(
  url: URL,
  origin: string,
  page: { limit?: number; offset?: number },
  count: number,
  results: T[],
  defaultLimit = DEFAULT_LIMIT,
): Paginated<T> {
  const limit = page.limit ?? defaultLimit
  const offset = page.offset ?? 0
  const link = (o: number) => {
    const u = new URL(url.pathname + url.search, origin)
    u.searchParams.set('limit', String(limit))
    if (o > 0) u.searchParams.set('offset', String(o))
    else u.searchParams.delete('offset')
    return u.toString()
  }
  return {
    count,
    next: offset + limit < count ? link(offset + limit) : null,
    previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
    results,
  }
}

export const pageOf = (q: { limit?: number; offset?: number }, defaultLimit = DEFAULT_LIMIT) => ({
  limit: q.limit ?? defaultLimit,
  offset: q.offset ?? 0,
})
