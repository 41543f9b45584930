import { useSuspenseQuery } from '@tanstack/react-query'
import { LogOut } from 'lucide-react'
import { meQueries } from '../api/me'
import { useSignOut } from './session'

function initials(name: string) {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join('') || '?'
  )
}

/** Who is signed in, with which key and scopes, and Sign out. */
export function UserCard() {
  const user = useSuspenseQuery(meQueries.user()).data
  const key = useSuspenseQuery(meQueries.currentKey()).data
  const signOut = useSignOut()
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email
  const scopes = key.scopes.includes('*') ? 'all scopes' : key.scopes.join(', ')

  return (
    <div className="user-card">
      <div className="user-card-who">
        <span className="avatar" aria-hidden>
          {initials(name)}
        </span>
        <div className="user-card-text">
          <span className="user-name" title={name}>
            {name}
          </span>
          <span className="muted user-email" title={user.email}>
            {user.email}
          </span>
        </div>
      </div>
      <p className="user-key" title={`Key ${key.label} (${key.mask_value}): ${scopes}`}>
        Key <span className="mono">{key.mask_value}</span> · {scopes}
      </p>
      <button type="button" className="btn btn-ghost btn-sm sign-out" onClick={signOut}>
        <LogOut size={14} aria-hidden />
        Sign out
      </button>
    </div>
  )
}
