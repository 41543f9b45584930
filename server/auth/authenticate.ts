import type { IncomingMessage } from 'node:http'
import { hasScope, type Scope } from '../../src/contracts/scopes'
import { findKeyBySecure, touchKey, type ApiKeyRow } from '../db/api-keys'
import { hashKey } from './keys'
import { versionedCache, type Db } from '../db/database'
import { findUser, type UserRow } from '../db/users'
import { forbidden, HttpError } from '../http/errors'

export interface Auth {
  key: ApiKeyRow
  user: UserRow
}

const lastTouched = new Map<string, number>()

// Every request resolves its key: remember the answer until the database changes (a revoke included).
const resolved = versionedCache<Auth | null>(['personal_api_keys', 'users'])

function resolveKey(db: Db, token: string): Auth | null {
  const secure = hashKey(token) // never keep a plaintext key around, not even in this cache
  const cache = resolved(db)
  const cached = cache.get(secure)
  if (cached !== undefined) return cached
  const key = findKeyBySecure(db, secure)
  const user = key && findUser(db, key.user_id)
  return cache.set(secure, key && user ? { key, user } : null)
}

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
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1]
  const auth = token ? resolveKey(db, token) : null
  if (!auth) {
    throw new HttpError(
      401,
      'authentication_error',
      'authentication_failed',
      'Personal API key found in request Authorization header is invalid.',
    )
  }
  // last_used_at is informative: write it at most once a minute per key, off the hot path.
  const now = Date.now()
  if (now - (lastTouched.get(auth.key.id) ?? 0) > 60_000) {
    lastTouched.set(auth.key.id, now)
    touchKey(db, auth.key.id)
  }
  return auth
}

export function requireScope(auth: Auth, scope: Scope) {
  if (!hasScope(auth.key.scopes, scope)) throw forbidden(`API key missing required scope '${scope}'`)
}
