import { PAGE_SIZES, toPage } from '../../lib/page'

export const RUN_PAGE_SIZES = PAGE_SIZES
const DEFAULT_SIZE = 25

/** The run history's page lives in the URL (`runs_page`, `runs_size`), so a page of history can be shared. */
export function readRunPage(search: URLSearchParams) {
  const size = Number(search.get('runs_size')) || DEFAULT_SIZE
  const pageSize = (RUN_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_SIZE
  const page = Math.max(1, Math.trunc(Number(search.get('runs_page'))) || 1)
  return { page, pageSize, window: toPage(page, pageSize) }
}

export function writeRunPage(search: URLSearchParams, page: number, size?: number): URLSearchParams {
  const out = new URLSearchParams(search)
  if (page > 1) out.set('runs_page', String(page))
  else out.delete('runs_page')
  if (size !== undefined) {
    if (size === DEFAULT_SIZE) out.delete('runs_size')
    else out.set('runs_size', String(size))
  }
  return out
}
