import { useSyncExternalStore } from 'react'
import { useNavigate } from 'react-router-dom'
import { getSession, signOut, subscribeSession } from '../api/session'

/** The current key (or null) and why the last session ended, re-rendering on change. */
export function useSession() {
  return useSyncExternalStore(subscribeSession, getSession, getSession)
}

/** Sign-out: forget the key everywhere and go back to sign-in (App drops the cache when the key goes). */
export function useSignOut() {
  const navigate = useNavigate()
  return () => {
    signOut(null)
    navigate('/sign-in', { replace: true })
  }
}
