import { randomBytes } from 'node:crypto'
import type { Project } from '../../src/contracts/projects'
import { newId } from '../auth/keys'
import { visibleTo, viewerParams, type Viewer, type ViewerParams } from './viewer'
import { nowIso, query, statements, versionedCache, writeTransaction, type Db } from './database'

/** A row of teams. */
interface TeamRow {
  id: number
  uuid: string
  organization_id: string
  name: string
  timezone: string
  api_token: string
  created_at: string
}

const visible = visibleTo('teams', 't', 'organization_id')

const sql = statements({
  ofOrg: query<TeamRow, [organizationId: string]>('SELECT * FROM teams WHERE organization_id = ? ORDER BY id'),
  insert: query<never, [uuid: string, organizationId: string, name: string, tz: string, token: string, at: string]>(
    'INSERT INTO teams (uuid, organization_id, name, timezone, api_token, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  ),
  count: query<number, ViewerParams>(`SELECT COUNT(*) ${visible}`),
  page: query<TeamRow, ViewerParams & { limit: number; offset: number }>(
    `SELECT t.* ${visible} ORDER BY t.id DESC LIMIT @limit OFFSET @offset`,
  ),
  one: query<TeamRow, ViewerParams & { id: number }>(`SELECT t.* ${visible} AND t.id = @id`),
  any: query<Pick<TeamRow, 'id' | 'organization_id'>, [id: number]>(
    'SELECT id, organization_id FROM teams WHERE id = ?',
  ),
  byToken: query<Pick<TeamRow, 'id' | 'organization_id'>, [token: string]>(
    'SELECT id, organization_id FROM teams WHERE api_token = ?',
  ),
  setToken: query<never, [token: string, id: number]>('UPDATE teams SET api_token = ? WHERE id = ?'),
})

/**
 * A project's public token, as PostHog makes them (`phc_` + 32 random bytes, url-safe base64): it
 * ships in every page the snippet is on, so it identifies the project to capture and grants nothing
 * in the API.
 */
export const newProjectToken = () => `phc_${randomBytes(32).toString('base64url')}`

export function teamsOf(db: Db, organizationId: string) {
  return sql(db)
    .ofOrg.all(organizationId)
    .map((t) => ({
      id: t.id,
      uuid: t.uuid,
      name: t.name,
      project_id: t.id,
      timezone: t.timezone,
    }))
}

/** An organization's projects with their capture tokens (what `npm start` prints on first start). */
export const projectTokens = (db: Db, organizationId: string) =>
  sql(db)
    .ofOrg.all(organizationId)
    .map((t) => ({ id: t.id, name: t.name, api_token: t.api_token }))

export function createTeam(db: Db, organizationId: string, name: string, timezone = 'UTC'): number {
  const info = sql(db).insert.run(newId(), organizationId, name, timezone, newProjectToken(), nowIso())
  return Number(info.lastInsertRowid)
}

const toProject = (t: TeamRow): Project => ({
  id: t.id,
  uuid: t.uuid,
  organization: t.organization_id,
  name: t.name,
  timezone: t.timezone,
  api_token: t.api_token,
  created_at: t.created_at,
})

export const countProjects = (db: Db, viewer: Viewer) => sql(db).count.pluck().get(viewerParams(viewer)) ?? 0

export const listProjects = (db: Db, viewer: Viewer, limit: number, offset: number) =>
  sql(db)
    .page.all({ ...viewerParams(viewer), limit, offset })
    .map(toProject)

/** A project the viewer may see (its organization is theirs), else undefined. */
export function findProject(db: Db, viewer: Viewer, id: number): Project | undefined {
  const row = sql(db).one.get({ ...viewerParams(viewer), id })
  return row && toProject(row)
}

/** A project's organization, whoever may see it; undefined when no such project exists. */
export const projectOrganization = (db: Db, id: number) => sql(db).any.get(id)?.organization_id

const byToken = versionedCache<{ id: number; organization_id: string } | null>(['teams'])

/** The project a capture token names (cached until teams change: every capture request asks). */
export function projectByToken(db: Db, token: string) {
  const cache = byToken(db)
  const hit = cache.get(token)
  if (hit !== undefined) return hit ?? undefined
  return cache.set(token, sql(db).byToken.get(token) ?? null) ?? undefined
}

/** Replaces a project's token (the old one stops being accepted at once); returns the new one. */
export function rotateProjectToken(db: Db, id: number): string {
  const token = newProjectToken()
  writeTransaction(db, () => sql(db).setToken.run(token, id))
  return token
}
