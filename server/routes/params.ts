import type { Db } from '../db/database'
import { findOrganization, firstOrganizationId } from '../db/organizations'
import type { Viewer } from '../db/viewer'
import { findProject } from '../db/teams'
import type { Auth } from '../auth/authenticate'
import { notFound } from '../http/errors'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const isUuid = (value: string) => UUID.test(value)

export const viewerOf = (auth: Auth): Viewer => ({
  userId: auth.user.id,
  scopedOrganizations: auth.key.scoped_organizations,
})

/** The organization by id (or `@current`: the caller's oldest visible one), 404 when not theirs or not a UUID. */
export function organizationParam(db: Db, auth: Auth, id: string | undefined) {
  const viewer = viewerOf(auth)
  if (id === '@current') id = firstOrganizationId(db, viewer)
  if (!id || !isUuid(id)) throw notFound()
  const org = findOrganization(db, viewer, id.toLowerCase())
  if (!org) throw notFound()
  return org
}

/** The project by numeric id (or `@current`), 404 when not the caller's. */
export function projectParam(db: Db, auth: Auth, id: string | undefined) {
  const numeric =
    id === '@current'
      ? organizationParam(db, auth, '@current').teams[0]?.id
      : /^\d{1,15}$/.test(id ?? '')
        ? Number(id)
        : undefined
  const project = numeric ? findProject(db, viewerOf(auth), numeric) : undefined
  if (!project) throw notFound()
  return project
}
