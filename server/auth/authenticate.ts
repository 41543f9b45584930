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

/** The query/body field PostHog also takes the key from. */
export const KEY_FIELD = 'personal_api_key'

type Source = 'Authorization header' | 'body' | 'query string'

/**
 * Where the key is, as PostHog's PersonalAPIKeyAuthentication.find_key_with_source looks (posthog/auth.py):
 * a `Bearer` Authorization header, else `personal_api_key` in the JSON body, else in the query string.
 * Only the first candidate is tried. The body is read only when the header holds no Bearer key.
 */
async function findKey(
  req: IncomingMessage,
  url: URL,
  readBody: () => Promise<unknown>,
): Promise<[token: unknown, source: Source] | null> {
  const bearer = /^Bearer\s+(\S.*)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim()
  if (bearer) return [bearer, 'Authorization header']
  const body = await readBody()
  if (typeof body === 'object' && body !== null && !Array.isArray(body) && Object.hasOwn(body, KEY_FIELD))
    return [(body as Record<string, unknown>)[KEY_FIELD], 'body']
  const fromQuery = url.searchParams.get(KEY_FIELD)
  if (fromQuery !== null) return [fromQuery, 'query string']
  return null
}

/** Resolves the request's personal API key, or throws 401 as PostHog words it. */
export async function authenticate(
  db: Db,
  req: IncomingMessage,
  url: URL,
  readBody: () => Promise<unknown>,
): Promise<Auth> {
  const found = await findKey(req, url, readBody)
  if (!found) {
    throw new HttpError(
      401,
      'authentication_error',
      'not_authenticated',
      'Authentication credentials were not provided.',
    )
  }
  const [token, source] = found
  const auth = typeof token === 'string' && token ? resolveKey(db, token) : null
  if (!auth) {
    throw new HttpError(
      401,
      'authentication_error',
      'authentication_failed',
      `Personal API key found in request ${source} is invalid.`,
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
