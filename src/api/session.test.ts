// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { consumeKeyFragment, getSession, isPlausibleKey, signIn, signOut } from './session'

const KEY = 'phx_' + 'B'.repeat(43)

afterEach(() => {
  signOut()
  sessionStorage.clear()
  localStorage.clear()
  window.history.replaceState(null, '', '/')
})

describe('session', () => {
  it("keeps the key in this tab's memory only when told not to remember", () => {
    signIn(KEY, { remember: false })
    expect(getSession().key).toBe(KEY)
    expect(sessionStorage.length).toBe(0)
    expect(localStorage.length).toBe(0)
  })

  it('remembers the key in sessionStorage, never in localStorage', () => {
    signIn(KEY, { remember: true })
    expect(Object.values({ ...sessionStorage })).toContain(KEY)
    expect(localStorage.length).toBe(0)
  })

  it('wipes the key on sign-out and keeps the reason', () => {
    signIn(KEY, { remember: true })
    signOut('Key revoked.')
    expect(getSession()).toEqual({ key: null, reason: 'Key revoked.', restoring: false })
    expect(sessionStorage.length).toBe(0)
  })

  it('signs in from a #key= link, removes it from the address bar at once and remembers it in the tab', () => {
    window.history.replaceState(null, '', `/orgs?page=2#key=${KEY}`)
    expect(consumeKeyFragment()).toBe(true)
    expect(getSession().key).toBe(KEY)
    expect(window.location.href).toBe('http://localhost:3000/orgs?page=2')
    expect(window.location.hash).toBe('')
    expect(Object.values({ ...sessionStorage })).toEqual([KEY])
    expect(localStorage.length).toBe(0)
  })

  it('leaves other fragments alone', () => {
    window.history.replaceState(null, '', '/orgs#section')
    expect(consumeKeyFragment()).toBe(false)
    expect(window.location.hash).toBe('#section')
  })

  it('recognises the shape of a personal API key', () => {
    expect(isPlausibleKey(KEY)).toBe(true)
    expect(isPlausibleKey(' ' + KEY + ' ')).toBe(true)
    expect(isPlausibleKey('sk_live_123')).toBe(false)
  })
})
