/**
 * Where the personal API key lives, and how tabs of one browser session share it.
 *
 * - "Remembered" (the default): this tab's sessionStorage, so a reload keeps it. A new tab (a
 *   middle-click, a typed URL) has empty sessionStorage: it asks the open tabs over a same-origin
 *   BroadcastChannel, and a remembered tab answers with the key. Closing the browser ends it.
 * - "Don't remember me": this tab's memory only; it never answers, and a reload asks for the key again.
 * - Sign-out in any tab is broadcast: every tab forgets the key.
 * Never localStorage, a cookie or a URL: a channel message reaches only this origin's open tabs.
 */
export type Session = {
  key: string | null
  /** Why the last session ended, shown on the sign-in page. */
  reason: string | null
  /** Asking the other tabs for their key: not signed in yet, not signed out either. */
  restoring: boolean
}

type Message = { type: 'request'; id: string } | { type: 'key'; id: string; key: string } | { type: 'signed-out' }

/** The slice of BroadcastChannel the store uses (so tests can pass their own). */
export type SessionChannel = Pick<BroadcastChannel, 'postMessage' | 'addEventListener' | 'removeEventListener'>

export type SessionStoreOptions = {
  storage: () => Storage | null
  openChannel: () => SessionChannel | null
  /** How long a new tab waits for another tab's answer before showing sign-in. */
  askTimeoutMs?: number
  isPlausibleKey: (key: string) => boolean
}

const KEY_PATTERN = /^phx_[A-Za-z0-9]{20,}$/

/** Looks like a personal API key (`phx_` + base62); the server has the final word. */
export function isPlausibleKey(value: string): boolean {
  return KEY_PATTERN.test(value.trim())
}

export const STORAGE_KEY = 'analytics-admin.api-key'
/** A "Don't remember me" key carried across one reload the console itself starts (a new deploy's chunks). */
export const RELOAD_KEY = 'analytics-admin.reload-key'
const RELOAD_TTL_MS = 60_000
export const SIGNED_OUT_ELSEWHERE = 'You signed out in another tab.'

export function createSessionStore({ storage, openChannel, askTimeoutMs = 400, isPlausibleKey }: SessionStoreOptions) {
  let remember = true
  let current: Session = { key: null, reason: null, restoring: false }
  let channel: SessionChannel | null = null
  let settled: Promise<void> = Promise.resolve()
  const listeners = new Set<() => void>()

  const set = (next: Partial<Session>) => {
    current = { ...current, ...next }
    for (const listener of listeners) listener()
  }
  const forget = () => {
    storage()?.removeItem(STORAGE_KEY)
    storage()?.removeItem(RELOAD_KEY)
  }

  // What this tab kept: a key handed over across a reload (memory-only, used once), else the remembered one.
  const kept = keptKey(storage(), isPlausibleKey)
  storage()?.removeItem(RELOAD_KEY)
  if (kept) {
    remember = kept.remember
    current = { ...current, key: kept.key }
  }

  function onMessage(event: MessageEvent) {
    const message = event.data as Message | null
    if (message?.type === 'request' && typeof message.id === 'string' && current.key && remember) {
      channel?.postMessage({ type: 'key', id: message.id, key: current.key } satisfies Message)
    } else if (message?.type === 'signed-out' && current.key) {
      forget()
      set({ key: null, reason: SIGNED_OUT_ELSEWHERE, restoring: false })
    }
  }

  return {
    getSession: (): Session => current,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },

    /**
     * Joins the other tabs: answers their requests and sign-outs, and without a key of its own asks
     * them for theirs. Resolves once the tab knows whether it is signed in.
     */
    connect(): Promise<void> {
      if (channel) return settled
      channel = openChannel()
      if (!channel) return settled
      const ch = channel
      ch.addEventListener('message', onMessage)
      if (current.key) return settled
      const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
      set({ restoring: true })
      settled = new Promise((resolve) => {
        const finish = (key: string | null) => {
          clearTimeout(timer)
          ch.removeEventListener('message', onAnswer)
          // A key the user typed meanwhile wins over a late answer.
          if (key && !current.key && current.restoring) {
            remember = true
            storage()?.setItem(STORAGE_KEY, key)
            set({ key, reason: null })
          }
          set({ restoring: false })
          resolve()
        }
        const onAnswer = (event: MessageEvent) => {
          const message = event.data as Message | null
          if (message?.type === 'key' && message.id === id && typeof message.key === 'string') {
            finish(isPlausibleKey(message.key) ? message.key : null)
          }
        }
        const timer = setTimeout(() => finish(null), askTimeoutMs)
        ch.addEventListener('message', onAnswer)
        ch.postMessage({ type: 'request', id } satisfies Message)
      })
      return settled
    },

    /** Resolves when a pending question to the other tabs has its answer (or none came). */
    settled: () => settled,

    signIn(key: string, options: { remember: boolean }) {
      const trimmed = key.trim()
      remember = options.remember
      storage()?.removeItem(RELOAD_KEY)
      if (remember) storage()?.setItem(STORAGE_KEY, trimmed)
      else storage()?.removeItem(STORAGE_KEY)
      set({ key: trimmed, reason: null, restoring: false })
    },

    /** Forgets the key in this tab (a rejected key); `reason` is shown on the sign-in page. */
    signOut(reason: string | null = null) {
      forget()
      set({ key: null, reason, restoring: false })
    },

    /** The user's sign-out: this tab and every other tab of the browser session. */
    signOutEverywhere() {
      forget()
      channel?.postMessage({ type: 'signed-out' } satisfies Message)
      set({ key: null, reason: null, restoring: false })
    },

    /** Before the console reloads itself: a memory-only key survives that one reload (and only for a minute). */
    keepAcrossReload() {
      if (current.key && !remember) {
        storage()?.setItem(RELOAD_KEY, JSON.stringify({ key: current.key, at: Date.now() }))
      }
    },

    /** Whether this tab keeps its key across reloads and shares it with new tabs. */
    remembers: () => remember,
  }
}

export type SessionStore = ReturnType<typeof createSessionStore>

/**
 * The key this tab starts with, read without changing anything (the store, and index.html's first requests
 * before the console's code has loaded, read it the same way): a "Don't remember me" key handed over across
 * a reload (fresh), else the remembered one.
 */
export function keptKey(
  storage: Storage | null,
  isPlausibleKey: (key: string) => boolean,
): { key: string; remember: boolean } | null {
  const handoff = readHandoff(storage)
  if (handoff && isPlausibleKey(handoff)) return { key: handoff, remember: false }
  const stored = storage?.getItem(STORAGE_KEY) ?? null
  return stored && isPlausibleKey(stored) ? { key: stored, remember: true } : null
}

/** The key of a `#key=phx_…` sign-in link, or null (empty or absent). */
export function keyFromFragment(hash: string): string | null {
  if (!hash.startsWith('#')) return null
  const key = new URLSearchParams(hash.slice(1)).get('key')?.trim()
  return key ? key : null
}

function readHandoff(storage: Storage | null): string | null {
  const raw = storage?.getItem(RELOAD_KEY)
  if (!raw) return null
  try {
    const { key, at } = JSON.parse(raw) as { key?: unknown; at?: unknown }
    const fresh = typeof at === 'number' && Date.now() - at < RELOAD_TTL_MS
    return fresh && typeof key === 'string' ? key : null
  } catch {
    return null
  }
}
