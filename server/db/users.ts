import { newId } from '../auth/keys'
import { nowIso, statements, type Db } from './database'

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
  byId: 'SELECT * FROM users WHERE id = ?',
  byEmail: 'SELECT * FROM users WHERE email = ?',
  insert: 'INSERT INTO users (uuid, distinct_id, email, first_name, last_name, created_at) VALUES (?, ?, ?, ?, ?, ?)',
})

export const findUser = (db: Db, id: number) => sql(db).byId.get(id) as UserRow | undefined
export const findUserByEmail = (db: Db, email: string) => sql(db).byEmail.get(email) as UserRow | undefined

export function createUser(db: Db, input: { email: string; first_name: string; last_name?: string }): UserRow {
  const uuid = newId()
  const info = sql(db).insert.run(uuid, uuid, input.email, input.first_name, input.last_name ?? '', nowIso())
  return findUser(db, Number(info.lastInsertRowid))!
}
