import { newId } from '../auth/keys'
import { nowIso, query, statements, type Db } from './database'

/**
 * Persons as captured events make them, after PostHog's person processing (plugin-server
 * person-state.ts), simplified for one process: a distinct id's first event creates its person;
 * `$identify` (`$anon_distinct_id` → distinct id), `$create_alias` and `$merge_dangerously` (`alias`)
 * put two distinct ids on one person, merging two persons into the identified one; `$set`,
 * `$set_once` and `$unset` change its properties. Events sent with `$process_person_profile: false`
 * (posthog-js before identify, by default) create and change nothing. Call inside the capture transaction.
 */

interface PersonRow {
  id: number
  uuid: string
  name: string | null
  properties: string
}

const sql = statements({
  byDistinctId: query<PersonRow, [teamId: number, distinctId: string]>(
    `SELECT p.id, p.uuid, p.name, p.properties FROM person_distinct_ids d JOIN persons p ON p.id = d.person_id
     WHERE d.team_id = ? AND d.distinct_id = ?`,
  ),
  insert: query<never, [uuid: string, teamId: number, properties: string, at: string]>(
    'INSERT INTO persons (uuid, team_id, name, properties, created_at) VALUES (?, ?, NULL, ?, ?)',
  ),
  link: query<never, [teamId: number, distinctId: string, personId: number]>(
    'INSERT OR REPLACE INTO person_distinct_ids (team_id, distinct_id, person_id) VALUES (?, ?, ?)',
  ),
  moveIds: query<never, [to: number, from: number]>('UPDATE person_distinct_ids SET person_id = ? WHERE person_id = ?'),
  remove: query<never, [id: number]>('DELETE FROM persons WHERE id = ?'),
  touch: query<never, [at: string, id: number]>(
    'UPDATE persons SET updated_at = ?, version = version + 1 WHERE id = ?',
  ),
  // A change moves the person's version and updated_at, so the persons export picks it up.
  update: query<never, [name: string | null, properties: string, at: string, id: number]>(
    'UPDATE persons SET name = ?, properties = ?, updated_at = ?, version = version + 1 WHERE id = ?',
  ),
})

type Props = Record<string, unknown>
const isObject = (v: unknown): v is Props => typeof v === 'object' && v !== null && !Array.isArray(v)
const parse = (text: string): Props => {
  try {
    const value: unknown = JSON.parse(text)
    return isObject(value) ? value : {}
  } catch {
    return {}
  }
}

export interface PersonEvent {
  event: string
  distinctId: string
  properties: Record<string, unknown>
}

function create(db: Db, teamId: number, distinctIds: string[]): PersonRow {
  const uuid = newId()
  const id = Number(sql(db).insert.run(uuid, teamId, '{}', nowIso()).lastInsertRowid)
  for (const d of distinctIds) sql(db).link.run(teamId, d, id)
  return { id, uuid, name: null, properties: '{}' }
}

/** Puts `other` on the person of `main` (the identified id), creating or merging persons as needed. */
function merge(db: Db, teamId: number, main: string, other: string): PersonRow {
  const s = sql(db)
  const mainPerson = s.byDistinctId.get(teamId, main)
  const otherPerson = other === main ? mainPerson : s.byDistinctId.get(teamId, other)
  if (!mainPerson && !otherPerson) return create(db, teamId, [main, other])
  if (mainPerson && !otherPerson) {
    s.link.run(teamId, other, mainPerson.id)
    s.touch.run(nowIso(), mainPerson.id)
    return mainPerson
  }
  if (!mainPerson && otherPerson) {
    s.link.run(teamId, main, otherPerson.id)
    s.touch.run(nowIso(), otherPerson.id)
    return otherPerson
  }
  if (mainPerson!.id === otherPerson!.id) return mainPerson!
  // Two persons become the identified one: its properties win, the other's fill the gaps.
  const properties = { ...parse(otherPerson!.properties), ...parse(mainPerson!.properties) }
  s.moveIds.run(mainPerson!.id, otherPerson!.id)
  s.remove.run(otherPerson!.id)
  const name = mainPerson!.name ?? otherPerson!.name
  s.update.run(name, JSON.stringify(properties), nowIso(), mainPerson!.id)
  return { ...mainPerson!, name, properties: JSON.stringify(properties) }
}

/** `$set` overwrites, `$set_once` fills what is missing, `$unset` removes; the name follows `name` or `email`. */
function applyProperties(db: Db, person: PersonRow, properties: Props) {
  const set = isObject(properties.$set) ? properties.$set : {}
  const setOnce = isObject(properties.$set_once) ? properties.$set_once : {}
  const unset = Array.isArray(properties.$unset) ? properties.$unset.filter((k) => typeof k === 'string') : []
  if (!Object.keys(set).length && !Object.keys(setOnce).length && !unset.length) return
  const current = parse(person.properties)
  const next: Props = { ...setOnce, ...current, ...set }
  for (const key of unset) delete next[key]
  const label = [next.name, next.email].find((v): v is string => typeof v === 'string' && v.trim() !== '')
  const name = label ? label.trim().slice(0, 400) : person.name
  if (name === person.name && JSON.stringify(next) === JSON.stringify(current)) return
  sql(db).update.run(name, JSON.stringify(next), nowIso(), person.id)
}

/** Applies one event to persons; returns the uuid of the distinct id's person, if it has one. */
export function processPersonEvent(db: Db, teamId: number, e: PersonEvent): string | null {
  const s = sql(db)
  if (e.properties.$process_person_profile === false) return s.byDistinctId.get(teamId, e.distinctId)?.uuid ?? null
  let person: PersonRow | undefined
  const anon = e.properties.$anon_distinct_id
  const alias = e.properties.alias
  if (e.event === '$identify' && typeof anon === 'string' && anon.trim())
    person = merge(db, teamId, e.distinctId, anon.trim().slice(0, 200))
  else if (
    (e.event === '$create_alias' || e.event === '$merge_dangerously') &&
    typeof alias === 'string' &&
    alias.trim()
  )
    person = merge(db, teamId, e.distinctId, alias.trim().slice(0, 200))
  else person = s.byDistinctId.get(teamId, e.distinctId) ?? create(db, teamId, [e.distinctId])
  applyProperties(db, person, e.properties)
  return person.uuid
}
