import { PAGE_SIZES, toPage, type Page } from './page'

/** List state kept in the URL: `?page=2&page_size=50&sort=-created_at`. */
export type ListParams = { page: number; pageSize: number; sort: string | null }

export type ListParamsOptions = {
  defaultPageSize: number
  /** Allowed sort fields (without the `-` prefix). */
  sorts?: readonly string[]
  defaultSort?: string | null
}

const positiveInt = (value: string | null): number | null => {
  if (value === null || !/^\d{1,9}$/.test(value)) return null
  const n = Number(value)
  return n >= 1 ? n : null
}

/** A list's options with the defaults filled in (100 rows a page, no sort). Every list offers PAGE_SIZES. */
export function resolveListOptions(options: Partial<ListParamsOptions> = {}): ListParamsOptions {
  return {
    defaultPageSize: options.defaultPageSize ?? 100,
    sorts: options.sorts,
    defaultSort: options.defaultSort ?? null,
  }
}

/** The window a list URL asks for: what its page requests, and what its route's loader starts. */
export function listWindowOf(search: URLSearchParams, options: Partial<ListParamsOptions> = {}): Page {
  const { page, pageSize } = parseListParams(search, resolveListOptions(options))
  return toPage(page, pageSize)
}

/** Reads list state from search params; anything invalid falls back to the defaults. */
export function parseListParams(search: URLSearchParams, options: ListParamsOptions): ListParams {
  const page = positiveInt(search.get('page')) ?? 1
  const size = positiveInt(search.get('page_size'))
  const pageSize = size !== null && (PAGE_SIZES as readonly number[]).includes(size) ? size : options.defaultPageSize
  const rawSort = search.get('sort')
  const field = rawSort?.replace(/^-/, '')
  const sort = rawSort && field && options.sorts?.includes(field) ? rawSort : (options.defaultSort ?? null)
  return { page, pageSize, sort }
}

/** Writes list state back, leaving defaults out so URLs stay short; other params are kept. */
export function writeListParams(
  search: URLSearchParams,
  next: ListParams,
  options: Pick<ListParamsOptions, 'defaultPageSize' | 'defaultSort'>,
): URLSearchParams {
  const out = new URLSearchParams(search)
  const set = (name: string, value: string | null) => (value === null ? out.delete(name) : out.set(name, value))
  set('page', next.page > 1 ? String(next.page) : null)
  set('page_size', next.pageSize !== options.defaultPageSize ? String(next.pageSize) : null)
  set('sort', next.sort !== (options.defaultSort ?? null) ? next.sort : null)
  return out
}

/** `-name` → { field: 'name', descending: true }. */
export function splitSort(sort: string | null): { field: string | null; descending: boolean } {
  if (!sort) return { field: null, descending: false }
  return sort.startsWith('-') ? { field: sort.slice(1), descending: true } : { field: sort, descending: false }
}
