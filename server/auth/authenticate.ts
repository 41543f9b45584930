import type { IncomingMessage } from 'node:http'
import { hasScope, type Scope } from '../../src/contracts/scopes'
import { findKeyBySecret, touchKey, type ApiKeyRow } from '../db/api-keys'
import type { Db } from '../db/database'
import { findUser, type UserRow } from '../db/users'
import { forbidden, HttpError } from '../http/errors'

export interface Auth {
  key: ApiKeyRow
  user: UserRow
}

const lastTouched = new Map<string, number>()

/** Resolves the Bearer personal API key of a request, or throws 401 as PostHog words it. */
export function authenticate(db: Db, req: IncomingMessage): Auth {
  const header = req.headers.authorization
  if (!header) {
    throw new HttpError(
      401,
      'authentication_error',
      'not_authenticated',
      'Authentication credentials were not provided.',
    )
  }
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  const key = match ? findKeyBySecret(db, match[1]!) : undefined
  const user = key && findUser(db, key.user_id)
  if (!key || !user) {
    throw new HttpError(
      401,
      'authentication_error',
      'authentication_failed',
      'Personal API key found in request Authorization header is invalid.',
    )
  }
  // last_used_at is informative: write it at most once a minute per key, off the hot path.
  const now = Date.now()
  if (now - (lastTouched.get(key.id) ?? 0) > 60_000) {
    lastTouched.set(key.id, now)
    touchKey(db, key.id)
  }
  return { key, user }
}

export function requireScope(auth: Auth, scope: Scope) {
  if (!hasScope(auth.key.scopes, scope)) throw forbidden(`API key missing required scope '${scope}'`)
}
