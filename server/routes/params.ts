import type { Db } from '../db/database'
import { findOrganization, type Viewer } from '../db/organizations'
import { findProject } from '../db/teams'
import type { Auth } from '../auth/authenticate'
import { notFound } from '../http/errors'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const isUuid = (value: string) => UUID.test(value)

export const viewerOf = (auth: Auth): Viewer => ({
  userId: auth.user.id,
  scopedOrganizations: auth.key.scoped_organizations,
})

/** The organization by id (or `@current`: the newest one of the caller), 404 when not theirs or not a UUID. */
export function organizationParam(db: Db, auth: Auth, id: string | undefined) {
  const viewer = viewerOf(auth)
  if (id === '@current') {
    const current = db
      .prepare(
        `SELECT o.id FROM organizations o JOIN memberships m ON m.organization_id = o.id WHERE m.user_id = ?
         ORDER BY o.rowid ASC LIMIT 1`,
      )
      .get(viewer.userId) as { id: string } | undefined
    id = current?.id
  }
  if (!id || !isUuid(id)) throw notFound()
  const org = findOrganization(db, viewer, id.toLowerCase())
  if (!org) throw notFound()
  return org
}

/** The project by numeric id (or `@current`), 404 when not the caller's. */
export function projectParam(db: Db, auth: Auth, id: string | undefined) {
  const viewer = viewerOf(auth)
  let numeric = Number(id)
  if (id === '@current') {
    const org = organizationParam(db, auth, '@current')
    numeric = org.teams[0]?.id ?? NaN
  }
  if (!id || !Number.isSafeInteger(numeric) || numeric <= 0 || !/^(\d+|@current)$/.test(id)) throw notFound()
  const project = findProject(db, viewer, numeric)
  if (!project) throw notFound()
  return project
}
