import { newId } from '../auth/keys'
import { nowIso, query, statements, type Db } from './database'

export interface UserRow {
  id: number
  uuid: string
  distinct_id: string
  email: string
  first_name: string
  last_name: string
  created_at: string
}

const sql = statements({
  byId: query<UserRow, [id: number]>('SELECT * FROM users WHERE id = ?'),
  byEmail: query<UserRow, [email: string]>('SELECT * FROM users WHERE email = ?'),
  insert: query<never, [uuid: string, distinctId: string, email: string, first: string, last: string, at: string]>(
    'INSERT INTO users (uuid, distinct_id, email, first_name, last_name, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  ),
})

export const findUser = (db: Db, id: number) => sql(db).byId.get(id)
export const findUserByEmail = (db: Db, email: string) => sql(db).byEmail.get(email)

export function createUser(db: Db, input: { email: string; first_name: string; last_name?: string }): UserRow {
  const uuid = newId()
  const info = sql(db).insert.run(uuid, uuid, input.email, input.first_name, input.last_name ?? '', nowIso())
  return findUser(db, Number(info.lastInsertRowid))!
}
