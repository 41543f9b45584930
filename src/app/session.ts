import { useSyncExternalStore } from 'react'
import { useNavigate } from 'react-router-dom'
import { getSession, signOutEverywhere, subscribeSession } from '../api/session'

/** The current key (or null) and why the last session ended, re-rendering on change. */
export function useSession() {
  return useSyncExternalStore(subscribeSession, getSession, getSession)
}

/** Sign-out: forget the key in every tab and go back to sign-in (App drops the cache when the key goes). */
export function useSignOut() {
  const navigate = useNavigate()
  return () => {
    signOutEverywhere()
    navigate('/sign-in', { replace: true })
  }
}
