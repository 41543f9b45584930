/**
 * Where the personal API key lives: in memory, and in sessionStorage only when the user
 * opts in ("remember in this tab"). Never localStorage, never a URL.
 */
export type Session = { key: string | null; reason: string | null }

const STORAGE_KEY = 'analytics-admin.api-key'
const KEY_PATTERN = /^phx_[A-Za-z0-9]{20,}$/

let current: Session = { key: readRemembered(), reason: null }
const listeners = new Set<() => void>()

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    return null
  }
}

function readRemembered(): string | null {
  return storage()?.getItem(STORAGE_KEY) ?? null
}

function set(next: Session) {
  current = next
  for (const listener of listeners) listener()
}

/** Looks like a personal API key (`phx_` + base62); the server has the final word. */
export function isPlausibleKey(value: string): boolean {
  return KEY_PATTERN.test(value.trim())
}

export function getSession(): Session {
  return current
}

export function getApiKey(): string | null {
  return current.key
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function signIn(key: string, options: { remember: boolean }) {
  const trimmed = key.trim()
  if (options.remember) storage()?.setItem(STORAGE_KEY, trimmed)
  else storage()?.removeItem(STORAGE_KEY)
  set({ key: trimmed, reason: null })
}

/** Forgets the key everywhere; `reason` is shown on the sign-in page. */
export function signOut(reason: string | null = null) {
  storage()?.removeItem(STORAGE_KEY)
  set({ key: null, reason })
}

/**
 * Reads a `#key=phx_…` sign-in link once and removes it from the address bar at once,
 * so the key never stays in history, bookmarks or screenshots. Returns whether it signed in.
 */
export function consumeKeyFragment(loc: Location = window.location, hist: History = window.history): boolean {
  if (!loc.hash.startsWith('#')) return false
  const params = new URLSearchParams(loc.hash.slice(1))
  const key = params.get('key')
  if (key === null) return false
  params.delete('key')
  const rest = params.toString()
  hist.replaceState(hist.state, '', `${loc.pathname}${loc.search}${rest ? `#${rest}` : ''}`)
  if (!key.trim()) return false
  signIn(key, { remember: false })
  return true
}
