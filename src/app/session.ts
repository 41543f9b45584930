import { useSyncExternalStore } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { getSession, signOut, subscribeSession } from '../api/session'

/** The current key (or null) and why the last session ended, re-rendering on change. */
export function useSession() {
  return useSyncExternalStore(subscribeSession, getSession, getSession)
}

/** Sign-out: forget the key everywhere, drop every cached response, back to sign-in. */
export function useSignOut() {
  const client = useQueryClient()
  const navigate = useNavigate()
  return () => {
    signOut(null)
    client.clear()
    navigate('/sign-in', { replace: true })
  }
}
