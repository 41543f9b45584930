import { DEFAULT_LIMIT, MAX_LIMIT } from '../contracts/list-limits'
import { formatNumber } from './format'

/** What the console asks for: a window into a list. */
export type Page = { limit: number; offset: number }

/** The one set of page sizes every list offers (the largest keeps a page of recordings light). */
export const PAGE_SIZES = [25, 50, 100] as const

/** 1-based page number and page size → limit/offset, within the server's bounds. */
export function toPage(page: number, pageSize: number): Page {
  const limit = Math.min(Math.max(1, Math.trunc(pageSize) || DEFAULT_LIMIT), MAX_LIMIT)
  const offset = Math.max(0, (Math.max(1, Math.trunc(page) || 1) - 1) * limit)
  return { limit, offset }
}

/** "1–100 of 2,431", or "101–150" when the total is unknown. */
export function describeRange(page: Page, shown: number, count: number | null): string {
  if (shown === 0) return count === null || count === 0 ? 'No results' : `0 of ${formatNumber(count)}`
  const range = `${formatNumber(page.offset + 1)}–${formatNumber(page.offset + shown)}`
  return count === null ? range : `${range} of ${formatNumber(count)}`
}
