import type { Project } from '../../src/contracts/projects'
import { newAccessToken, newId } from '../auth/keys'
import { visibleTo, viewerParams, type Viewer } from './viewer'
import { nowIso, statements, type Db } from './database'

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
  ofOrg: 'SELECT * FROM teams WHERE organization_id = ? ORDER BY id',
  insert: 'INSERT INTO teams (uuid, organization_id, name, timezone, api_token, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  count: `SELECT COUNT(*) AS n ${visible}`,
  page: `SELECT t.* ${visible} ORDER BY t.id DESC LIMIT @limit OFFSET @offset`,
  one: `SELECT t.* ${visible} AND t.id = @id`,
})

export function teamsOf(db: Db, organizationId: string) {
  return (sql(db).ofOrg.all(organizationId) as TeamRow[]).map((t) => ({
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

export const countProjects = (db: Db, viewer: Viewer) => (sql(db).count.get(viewerParams(viewer)) as { n: number }).n

export const listProjects = (db: Db, viewer: Viewer, limit: number, offset: number) =>
  (sql(db).page.all({ ...viewerParams(viewer), limit, offset }) as TeamRow[]).map(toProject)

/** A project the viewer may see (its organization is theirs), else undefined. */
export function findProject(db: Db, viewer: Viewer, id: number): Project | undefined {
  const row = sql(db).one.get({ ...viewerParams(viewer), id }) as TeamRow | undefined
  return row && toProject(row)
}
