import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router-dom'
import { useSession } from './session'

/** Everything inside needs a key; without one the user goes to sign-in and comes back afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { key } = useSession()
  const location = useLocation()
  if (!key) return <Navigate to="/sign-in" replace state={{ from: `${location.pathname}${location.search}` }} />
  return children
}
