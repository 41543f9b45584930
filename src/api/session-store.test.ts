import { afterEach, describe, expect, it } from 'vitest'
import { RELOAD_KEY, SIGNED_OUT_ELSEWHERE, STORAGE_KEY, createSessionStore, type SessionStore } from './session-store'

const KEY = 'phx_' + 'A'.repeat(43)
const OTHER = 'phx_' + 'B'.repeat(43)

/** A Storage of one tab (each tab has its own sessionStorage). */
function tabStorage(): Storage {
  const map = new Map<string, string>()
  return {
    get length() {
      return map.size
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  }
}

// Real BroadcastChannels (Node's), one per tab, on a channel name of the test's own.
const channels: BroadcastChannel[] = []
let channelName = ''
afterEach(() => {
  for (const c of channels.splice(0)) c.close()
})

function tab(storage = tabStorage(), askTimeoutMs = 300): { store: SessionStore; storage: Storage } {
  const store = createSessionStore({
    storage: () => storage,
    openChannel: () => {
      const channel = new BroadcastChannel(channelName)
      channels.push(channel)
      return channel
    },
    askTimeoutMs,
    isPlausibleKey: (k) => /^phx_\w{20,}$/.test(k),
  })
  return { store, storage }
}

describe('session store', () => {
  let n = 0
  const fresh = () => (channelName = `session-test-${++n}-${Math.random()}`)

  it('keeps a signed-in key across a reload of the tab, in its sessionStorage only', () => {
    fresh()
    const first = tab()
    first.store.signIn(KEY, { remember: true })
    expect(first.storage.getItem(STORAGE_KEY)).toBe(KEY)
    // A reload: the same tab storage, a new page.
    const reloaded = tab(first.storage)
    expect(reloaded.store.getSession().key).toBe(KEY)
  })

  it('gives a new tab the key of an open remembered tab', async () => {
    fresh()
    const open = tab()
    open.store.signIn(KEY, { remember: true })
    await open.store.connect()
    const opened = tab()
    const connecting = opened.store.connect()
    expect(opened.store.getSession()).toMatchObject({ key: null, restoring: true })
    await connecting
    expect(opened.store.getSession()).toEqual({ key: KEY, reason: null, restoring: false })
    // The new tab keeps it too, so its own reloads keep the session.
    expect(opened.storage.getItem(STORAGE_KEY)).toBe(KEY)
  })

  it('leaves a new tab signed out when no tab remembers a key', async () => {
    fresh()
    const memoryOnly = tab()
    memoryOnly.store.signIn(KEY, { remember: false })
    await memoryOnly.store.connect()
    expect(memoryOnly.storage.length).toBe(0)
    const opened = tab()
    await opened.store.connect()
    expect(opened.store.getSession()).toEqual({ key: null, reason: null, restoring: false })
    // "Don't remember me": a reload of that tab asks for the key again.
    expect(tab(memoryOnly.storage).store.getSession().key).toBeNull()
  })

  it('signs every tab out when one signs out, and wipes their storage', async () => {
    fresh()
    const a = tab()
    const b = tab()
    a.store.signIn(KEY, { remember: true })
    b.store.signIn(KEY, { remember: false })
    await Promise.all([a.store.connect(), b.store.connect()])
    const changed = new Promise<void>((resolve) => b.store.subscribe(resolve))
    a.store.signOutEverywhere()
    await changed
    expect(a.store.getSession().key).toBeNull()
    expect(b.store.getSession()).toEqual({ key: null, reason: SIGNED_OUT_ELSEWHERE, restoring: false })
    expect(a.storage.length + b.storage.length).toBe(0)
  })

  it('signs only this tab out when the server rejects its key', async () => {
    fresh()
    const a = tab()
    const b = tab()
    a.store.signIn(KEY, { remember: true })
    b.store.signIn(OTHER, { remember: true })
    await Promise.all([a.store.connect(), b.store.connect()])
    a.store.signOut('Personal API key found in request Authorization header is invalid.')
    await new Promise((r) => setTimeout(r, 50))
    expect(b.store.getSession().key).toBe(OTHER)
  })

  it('keeps a key typed while the tabs were asked over a late answer', async () => {
    fresh()
    const open = tab()
    open.store.signIn(KEY, { remember: true })
    await open.store.connect()
    const opened = tab()
    const connecting = opened.store.connect()
    opened.store.signIn(OTHER, { remember: true })
    await connecting
    expect(opened.store.getSession().key).toBe(OTHER)
  })

  it('carries a memory-only key across one reload the console starts, and only once', () => {
    fresh()
    const first = tab()
    first.store.signIn(KEY, { remember: false })
    first.store.keepAcrossReload()
    expect(first.storage.getItem(RELOAD_KEY)).toContain(KEY)
    const reloaded = tab(first.storage)
    expect(reloaded.store.getSession().key).toBe(KEY)
    expect(first.storage.length).toBe(0)
    expect(reloaded.store.remembers()).toBe(false)
    expect(tab(first.storage).store.getSession().key).toBeNull()
  })

  it('ignores a stale reload hand-over', () => {
    fresh()
    const storage = tabStorage()
    storage.setItem(RELOAD_KEY, JSON.stringify({ key: KEY, at: Date.now() - 5 * 60_000 }))
    expect(tab(storage).store.getSession().key).toBeNull()
    expect(storage.length).toBe(0)
  })
})
