import type { Person } from '../../src/contracts/session-recordings'
import { newId } from '../auth/keys'
import { nowIso, query, statements, type Db } from './database'

/** A row of persons, with the distinct id it was found by and all its distinct ids (a JSON array). */
interface PersonRow {
  id: number
  uuid: string
  name: string | null
  properties: string
  created_at: string
  distinct_id: string
  distinct_ids: string
}

const sql = statements({
  insert: query<never, [uuid: string, teamId: number, name: string | null, properties: string, at: string]>(
    'INSERT INTO persons (uuid, team_id, name, properties, created_at) VALUES (?, ?, ?, ?, ?)',
  ),
  link: query<never, [teamId: number, distinctId: string, personId: number]>(
    'INSERT OR REPLACE INTO person_distinct_ids (team_id, distinct_id, person_id) VALUES (?, ?, ?)',
  ),
  has: query<{ person_id: number }, [teamId: number, distinctId: string]>(
    'SELECT person_id FROM person_distinct_ids WHERE team_id = ? AND distinct_id = ?',
  ),
  byDistinctIds: query<PersonRow, [teamId: number, distinctIds: string]>(
    `SELECT p.*, d.distinct_id,
       (SELECT json_group_array(x.distinct_id) FROM person_distinct_ids x WHERE x.person_id = p.id) AS distinct_ids
     FROM person_distinct_ids d JOIN persons p ON p.id = d.person_id
     WHERE d.team_id = ? AND d.distinct_id IN (SELECT value FROM json_each(?))`,
  ),
})

/** Persons keyed by each of the given distinct ids (one query). */
export function personsByDistinctIds(db: Db, teamId: number, distinctIds: string[]): Map<string, Person> {
  const out = new Map<string, Person>()
  if (distinctIds.length === 0) return out
  const rows = sql(db).byDistinctIds.all(teamId, JSON.stringify([...new Set(distinctIds)]))
  for (const r of rows) {
    out.set(r.distinct_id, {
      id: r.id,
      uuid: r.uuid,
      name: r.name,
      distinct_ids: JSON.parse(r.distinct_ids) as string[],
      properties: JSON.parse(r.properties) as Record<string, unknown>,
      created_at: r.created_at,
    })
  }
  return out
}

export function createPerson(
  db: Db,
  teamId: number,
  input: { name: string | null; properties: Record<string, unknown>; distinctIds: string[]; createdAt?: string },
): number {
  const info = sql(db).insert.run(
    newId(),
    teamId,
    input.name,
    JSON.stringify(input.properties),
    input.createdAt ?? nowIso(),
  )
  const id = Number(info.lastInsertRowid)
  for (const d of input.distinctIds) sql(db).link.run(teamId, d, id)
  return id
}

/** Makes sure a person owns `distinctId`, creating a bare one when none does. */
export function ensurePerson(db: Db, teamId: number, distinctId: string) {
  if (sql(db).has.get(teamId, distinctId)) return
  createPerson(db, teamId, { name: null, properties: { distinct_id: distinctId }, distinctIds: [distinctId] })
}

const exportSql = statements({
  uuids: query<{ distinct_id: string; uuid: string }, [teamId: number]>(
    'SELECT d.distinct_id, p.uuid FROM person_distinct_ids d JOIN persons p ON p.id = d.person_id WHERE d.team_id = ?',
  ),
  changed: query<never, [at: string, uuid: string]>(
    'UPDATE persons SET updated_at = ?, version = version + 1 WHERE uuid = ?',
  ),
})

/** The person uuid behind each distinct id of a project (what an event's person_id holds). */
export function personUuidsByDistinctId(db: Db, teamId: number): Map<string, string> {
  const rows = exportSql(db).uuids.all(teamId)
  return new Map(rows.map((r) => [r.distinct_id, r.uuid]))
}

/** A person's properties changed at `iso` (their version moves on): the persons export picks them up in that window. */
export const markPersonChanged = (db: Db, uuid: string, iso: string) => exportSql(db).changed.run(iso, uuid)
