import { createSessionStore, isPlausibleKey, keyFromFragment, type Session } from './session-store'

/**
 * This tab's session (see session-store.ts for where the key lives and how tabs share it). The key
 * never goes into localStorage, a cookie or a URL.
 */
export type { Session }

const CHANNEL_NAME = 'analytics-admin.session'

export { isPlausibleKey }

function sessionStorageOrNull(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    return null
  }
}

const store = createSessionStore({
  storage: sessionStorageOrNull,
  openChannel: () => (typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME)),
  isPlausibleKey,
})

export const getSession = store.getSession
export const subscribeSession = store.subscribe
export const getApiKey = (): string | null => store.getSession().key
/** Joins the other tabs of this browser session (once, before the first render). */
export const connectSession = store.connect
/** Resolves when this tab knows whether another tab had a session for it. */
export const sessionSettled = store.settled
export const signIn = store.signIn
/** Forgets the key in this tab only (e.g. the server rejected it); `reason` is shown on the sign-in page. */
export const signOut = store.signOut
/** Sign out of every tab of this browser session. */
export const signOutEverywhere = store.signOutEverywhere
export const keepSessionAcrossReload = store.keepAcrossReload

/**
 * Reads a `#key=phx_…` sign-in link once and removes it from the address bar at once,
 * so the key never stays in history, bookmarks or screenshots. Returns whether it signed in.
 */
export function consumeKeyFragment(loc: Location = window.location, hist: History = window.history): boolean {
  if (!loc.hash.startsWith('#')) return false
  const params = new URLSearchParams(loc.hash.slice(1))
  if (!params.has('key')) return false
  const key = keyFromFragment(loc.hash)
  params.delete('key')
  const rest = params.toString()
  hist.replaceState(hist.state, '', `${loc.pathname}${loc.search}${rest ? `#${rest}` : ''}`)
  if (!key) return false
  signIn(key, { remember: true })
  return true
}
