import type { Organization, OrganizationCreate, OrganizationPatch } from '../../src/contracts/organizations'
import { slugify } from '../../src/contracts/slug'
import { randomBytes } from 'node:crypto'
import { newId } from '../auth/keys'
import { visibleTo, viewerParams, type Viewer } from './viewer'
import { fromBool, nowIso, statements, toBool, versionedCache, type Db, writeTransaction } from './database'
import { createTeam, teamsOf } from './teams'

interface OrgRow {
  id: string
  name: string
  slug: string
  logo_media_id: string | null
  created_at: string
  updated_at: string
  plugins_access_level: number
  is_member_join_email_enabled: number
  enforce_2fa: number | null
  is_ai_data_processing_approved: number | null
  customer_id: string | null
  level: number
  member_count: number
}

const visible = visibleTo('organizations', 'o', 'id')

const sql = statements({
  count: `SELECT COUNT(*) AS n ${visible}`,
  page: `SELECT o.*, m.level, (SELECT COUNT(*) FROM memberships x WHERE x.organization_id = o.id) AS member_count
         ${visible} ORDER BY o.rowid DESC LIMIT @limit OFFSET @offset`,
  one: `SELECT o.*, m.level, (SELECT COUNT(*) FROM memberships x WHERE x.organization_id = o.id) AS member_count
        ${visible} AND o.id = @id`,
  insert: `INSERT INTO organizations (id, name, slug, logo_media_id, created_at, updated_at, is_member_join_email_enabled,
           enforce_2fa, is_ai_data_processing_approved) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  slugTaken: 'SELECT 1 FROM organizations WHERE slug = ?',
  member: 'INSERT INTO memberships (organization_id, user_id, level, joined_at) VALUES (?, ?, ?, ?)',
  remove: 'DELETE FROM organizations WHERE id = ?',
  first: `SELECT o.id ${visible} ORDER BY o.rowid ASC LIMIT 1`,
})

function toOrganization(db: Db, row: OrgRow): Organization {
  const teams = teamsOf(db, row.id)
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    logo_media_id: row.logo_media_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    membership_level: row.level as Organization['membership_level'],
    plugins_access_level: row.plugins_access_level,
    teams: teams.map((t) => ({ ...t, organization: row.id })),
    projects: teams.map((t) => ({ id: t.project_id, organization_id: row.id, name: t.name })),
    available_product_features: [],
    is_member_join_email_enabled: Boolean(row.is_member_join_email_enabled),
    metadata: {},
    customer_id: row.customer_id,
    enforce_2fa: toBool(row.enforce_2fa),
    member_count: row.member_count,
    is_ai_data_processing_approved: toBool(row.is_ai_data_processing_approved),
  }
}

export function countOrganizations(db: Db, viewer: Viewer): number {
  return (sql(db).count.get(viewerParams(viewer)) as { n: number }).n
}

export function listOrganizations(db: Db, viewer: Viewer, limit: number, offset: number): Organization[] {
  const rows = sql(db).page.all({ ...viewerParams(viewer), limit, offset }) as OrgRow[]
  return rows.map((r) => toOrganization(db, r))
}

/** The organization if the viewer may see it (member, and within the key's scoped organizations). */
/** The viewer's oldest visible organization: what `@current` means. */
export const firstOrganizationId = (db: Db, viewer: Viewer) =>
  (sql(db).first.get(viewerParams(viewer)) as { id: string } | undefined)?.id

// Retrieves repeat far more often than organizations change: reuse the answer until the database changes.
const organizations = versionedCache<Organization | null>(['organizations', 'memberships', 'teams'])

export function findOrganization(db: Db, viewer: Viewer, id: string): Organization | undefined {
  const cache = organizations(db)
  const key = `${viewer.userId}|${viewer.scopedOrganizations?.join(',') ?? '*'}|${id}`
  let found = cache.get(key)
  if (found === undefined) {
    const row = sql(db).one.get({ ...viewerParams(viewer), id }) as OrgRow | undefined
    found = cache.set(key, row ? toOrganization(db, row) : null)
  }
  return found ?? undefined
}

function uniqueSlug(db: Db, name: string): string {
  const base = slugify(name)
  if (!sql(db).slugTaken.get(base)) return base
  // Counting up (acme-2, acme-3, …) costs one query per taken slug; a random suffix costs one.
  let slug: string
  do slug = `${base}-${randomBytes(3).toString('hex')}`
  while (sql(db).slugTaken.get(slug))
  return slug
}

/** Creates an organization owned by `ownerId`, with one default project. */
export function createOrganization(db: Db, ownerId: number, input: OrganizationCreate): string {
  const id = newId()
  const now = nowIso()
  writeTransaction(db, () => {
    sql(db).insert.run(
      id,
      input.name,
      uniqueSlug(db, input.name),
      input.logo_media_id ?? null,
      now,
      now,
      input.is_member_join_email_enabled === false ? 0 : 1,
      fromBool(input.enforce_2fa),
      fromBool(input.is_ai_data_processing_approved),
    )
    sql(db).member.run(id, ownerId, 15, now)
    createTeam(db, id, 'Default project')
  })
  return id
}

export function addMember(db: Db, organizationId: string, userId: number, level: number) {
  sql(db).member.run(organizationId, userId, level, nowIso())
}

const columns: Record<keyof OrganizationPatch, (v: unknown) => unknown> = {
  name: (v) => v,
  logo_media_id: (v) => v,
  is_member_join_email_enabled: (v) => fromBool(v as boolean),
  enforce_2fa: (v) => fromBool(v as boolean | null),
  is_ai_data_processing_approved: (v) => fromBool(v as boolean | null),
}

export function updateOrganization(db: Db, id: string, patch: OrganizationPatch) {
  const entries = Object.entries(patch).filter(([, v]) => v !== undefined) as [keyof OrganizationPatch, unknown][]
  if (entries.length === 0) return
  const sets = entries.map(([k]) => `${k} = ?`).join(', ')
  db.prepare(`UPDATE organizations SET ${sets}, updated_at = ? WHERE id = ?`).run(
    ...entries.map(([k, v]) => columns[k](v)),
    nowIso(),
    id,
  )
}

export const deleteOrganization = (db: Db, id: string) => sql(db).remove.run(id)
