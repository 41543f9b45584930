import { CURRENT_KEY_PATH, CURRENT_USER_PATH, recordingsPath } from '../api/api-paths'
import { buildUrl } from '../api/request-url'
import { parseListParams } from '../lib/list-params'
import { toPage } from '../lib/page'
import { FILTER_KEYS, LIST_OPTIONS, listRequest } from '../features/session-recordings/recording-list-request'

/**
 * The GETs the first navigation to `location` makes before anything renders (the root route's loader:
 * the key and the user; the recordings list's loader: the page its URL shows), written with the same
 * functions the loaders use, so the console finds them already on their way (api/first-requests.ts).
 * A list URL with filters is left to its loader: reading filters takes the contracts' schemas, which
 * this early script does not carry.
 */
export function firstRequestUrls({ pathname, search }: Pick<Location, 'pathname' | 'search'>): URL[] {
  if (pathname === '/sign-in' || pathname.startsWith('/sign-in/')) return []
  const urls = [buildUrl(CURRENT_KEY_PATH), buildUrl(CURRENT_USER_PATH)]
  const recordings = /^\/projects\/(\d{1,15})\/recordings\/?$/.exec(pathname)
  const params = new URLSearchParams(search)
  if (recordings && !FILTER_KEYS.some((key) => params.has(key))) {
    const { page, pageSize, sort } = parseListParams(params, LIST_OPTIONS)
    urls.push(buildUrl(recordingsPath(Number(recordings[1])), listRequest(toPage(page, pageSize), sort, {})))
  }
  return urls
}
