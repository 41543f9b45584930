import type { Project } from '../../src/contracts/projects'
import { newAccessToken, newId } from '../auth/keys'
import { visibleTo, viewerParams, type Viewer, type ViewerParams } from './viewer'
import { nowIso, query, statements, type Db } from './database'

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
})

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

export function createTeam(db: Db, organizationId: string, name: string, timezone = 'UTC'): number {
  const info = sql(db).insert.run(newId(), organizationId, name, timezone, `phc_${newAccessToken()}`, nowIso())
  return Number(info.lastInsertRowid)
}

const toProject = (t: TeamRow): Project => ({
  id: t.id,
  uuid: t.uuid,
  organization: t.organization_id,
  name: t.name,
  timezone: t.timezone,
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
