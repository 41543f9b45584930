import { generateKey, hashKey, maskKey, newId } from '../auth/keys'
import { nowIso, query, statements, type Db } from './database'

export interface ApiKeyRow {
  id: string
  user_id: number
  label: string
  mask_value: string
  scopes: string[]
  scoped_organizations: string[] | null
  scoped_teams: number[] | null
  created_at: string
  last_used_at: string | null
}

/** A row of personal_api_keys as stored: the lists are JSON text. */
interface RawKey extends Omit<ApiKeyRow, 'scopes' | 'scoped_organizations' | 'scoped_teams'> {
  scopes: string
  scoped_organizations: string | null
  scoped_teams: string | null
}

const sql = statements({
  bySecure: query<RawKey, [secure: string]>('SELECT * FROM personal_api_keys WHERE secure_value = ?'),
  insert: query<
    never,
    [
      id: string,
      userId: number,
      label: string,
      secure: string,
      mask: string,
      scopes: string,
      organizations: string | null,
      teams: string | null,
      at: string,
    ]
  >(
    `INSERT INTO personal_api_keys (id, user_id, label, secure_value, mask_value, scopes, scoped_organizations,
     scoped_teams, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  list: query<RawKey & { email: string }, []>(
    `SELECT k.*, u.email FROM personal_api_keys k JOIN users u ON u.id = k.user_id ORDER BY k.created_at DESC`,
  ),
  remove: query<never, [id: string]>('DELETE FROM personal_api_keys WHERE id = ?'),
  touch: query<never, [at: string, id: string]>('UPDATE personal_api_keys SET last_used_at = ? WHERE id = ?'),
})

const decode = (row: RawKey): ApiKeyRow => ({
  ...row,
  scopes: JSON.parse(row.scopes) as string[],
  scoped_organizations: row.scoped_organizations ? (JSON.parse(row.scoped_organizations) as string[]) : null,
  scoped_teams: row.scoped_teams ? (JSON.parse(row.scoped_teams) as number[]) : null,
})

/** The key whose stored digest (`sha256$…`) is `secure`. */
export function findKeyBySecure(db: Db, secure: string): ApiKeyRow | undefined {
  const row = sql(db).bySecure.get(secure)
  return row && decode(row)
}

export const findKeyBySecret = (db: Db, key: string) => findKeyBySecure(db, hashKey(key))

/** Stores a key (only its hash); returns the plaintext once. */
export function createKey(
  db: Db,
  input: {
    userId: number
    label: string
    scopes: string[]
    key?: string
    organizations?: string[] | null
    teams?: number[] | null
  },
): { key: string; row: ApiKeyRow } {
  const key = input.key ?? generateKey()
  const id = newId()
  sql(db).insert.run(
    id,
    input.userId,
    input.label,
    hashKey(key),
    maskKey(key),
    JSON.stringify(input.scopes),
    input.organizations?.length ? JSON.stringify(input.organizations) : null,
    input.teams?.length ? JSON.stringify(input.teams) : null,
    nowIso(),
  )
  return { key, row: findKeyBySecret(db, key)! }
}

export const listKeys = (db: Db) =>
  sql(db)
    .list.all()
    .map((r) => ({ ...decode(r), email: r.email }))
export const revokeKey = (db: Db, id: string) => sql(db).remove.run(id).changes > 0
export const touchKey = (db: Db, id: string, at: string = nowIso()) => sql(db).touch.run(at, id)
