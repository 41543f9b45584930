/**
 * Inlined into index.html's head by the server (built on its own as `first-requests.js`, see
 * vite.config.ts): with a key this tab already has (a sign-in link's fragment, or the session kept in
 * sessionStorage), starts the first page's API requests while the console's code is still downloading.
 * Reads only: the console's own code takes the fragment out of the address bar and keeps the session.
 */
import { startFirstRequests } from '../api/first-requests'
import { isPlausibleKey, keptKey, keyFromFragment } from '../api/session-store'
import { firstRequestUrls } from './first-requests'

try {
  const fragment = keyFromFragment(location.hash)
  const key = fragment && isPlausibleKey(fragment) ? fragment : keptKey(sessionStorage, isPlausibleKey)?.key
  if (key) startFirstRequests(key, firstRequestUrls(location))
} catch {
  // Storage refused (privacy settings) or anything else: the console asks for everything itself.
}
