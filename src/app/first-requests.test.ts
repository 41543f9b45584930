import { describe, expect, it } from 'vitest'
import { CURRENT_KEY_PATH, CURRENT_USER_PATH, recordingsPath } from '../api/api-paths'
import { buildUrl } from '../api/request-url'
import { listRequestOf } from '../features/session-recordings/recording-list-params'
import { firstRequestUrls } from './first-requests'

const at = (path: string) => {
  const url = new URL(path, 'http://localhost')
  return firstRequestUrls({ pathname: url.pathname, search: url.search }).map((u) => u.href)
}
const shell = [buildUrl(CURRENT_KEY_PATH).href, buildUrl(CURRENT_USER_PATH).href]
/** The URL the recordings route's loader asks for (use-recording-list.ts), for a page's search. */
const loaderList = (projectId: number, search: string) =>
  buildUrl(recordingsPath(projectId), listRequestOf(new URLSearchParams(search))).href

describe('firstRequestUrls', () => {
  it.each(['', '?page=3', '?page_size=100&sort=-duration', '?sort=active_seconds&page=2', '?sort=bogus&page=-1'])(
    'the recordings list %s: the key, the user and exactly the list URL its loader asks for',
    (search) => {
      expect(at(`/projects/7/recordings${search}`)).toEqual([...shell, loaderList(7, search)])
    },
  )

  it('a filtered list is left to its loader (reading filters needs the schemas)', () => {
    expect(at('/projects/7/recordings?viewed=false')).toEqual(shell)
    expect(at('/projects/7/recordings?start_url=checkout&page=2')).toEqual(shell)
  })

  it('other pages of the shell: the key and the user; the sign-in page: nothing', () => {
    expect(at('/orgs')).toEqual(shell)
    expect(at('/projects/7/recordings/abc')).toEqual(shell)
    expect(at('/sign-in')).toEqual([])
  })
})
