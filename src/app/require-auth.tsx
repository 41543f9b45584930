import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router-dom'
import { useSession } from './session'
import { ShellSkeleton } from './shell-skeleton'

/** Everything inside needs a key; without one the user goes to sign-in and comes back afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { key, restoring } = useSession()
  const location = useLocation()
  // A new tab asking the open ones for their session: neither signed in nor out yet.
  if (!key && restoring) return <ShellSkeleton />
  if (!key) return <Navigate to="/sign-in" replace state={{ from: `${location.pathname}${location.search}` }} />
  return children
}
