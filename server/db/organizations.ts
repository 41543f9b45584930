import {
  membershipLevel,
  type Organization,
  type OrganizationCreate,
  type OrganizationPatch,
} from '../../src/contracts/organizations'
import { slugify } from '../../src/contracts/slug'
import { randomBytes } from 'node:crypto'
import { newId } from '../auth/keys'
import { visibleTo, viewerParams, type Viewer, type ViewerParams } from './viewer'
import {
  fromBool,
  nowIso,
  prepareCached,
  query,
  statements,
  toBool,
  versionedCache,
  type Db,
  writeTransaction,
} from './database'
import { createTeam, teamsOf } from './teams'

/** A row of organizations, with the viewer's membership level and the member count joined in. */
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
  count: query<number, ViewerParams>(`SELECT COUNT(*) ${visible}`),
  page: query<OrgRow, ViewerParams & { limit: number; offset: number }>(
    `SELECT o.*, m.level, (SELECT COUNT(*) FROM memberships x WHERE x.organization_id = o.id) AS member_count
     ${visible} ORDER BY o.rowid DESC LIMIT @limit OFFSET @offset`,
  ),
  one: query<OrgRow, ViewerParams & { id: string }>(
    `SELECT o.*, m.level, (SELECT COUNT(*) FROM memberships x WHERE x.organization_id = o.id) AS member_count
     ${visible} AND o.id = @id`,
  ),
  insert: query<
    never,
    [
      id: string,
      name: string,
      slug: string,
      logo: string | null,
      created: string,
      updated: string,
      joinEmails: number,
      enforce2fa: number | null,
      aiApproved: number | null,
    ]
  >(
    `INSERT INTO organizations (id, name, slug, logo_media_id, created_at, updated_at, is_member_join_email_enabled,
     enforce_2fa, is_ai_data_processing_approved) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  slugTaken: query<1, [slug: string]>('SELECT 1 FROM organizations WHERE slug = ?'),
  member: query<never, [organizationId: string, userId: number, level: number, at: string]>(
    'INSERT INTO memberships (organization_id, user_id, level, joined_at) VALUES (?, ?, ?, ?)',
  ),
  remove: query<never, [id: string]>('DELETE FROM organizations WHERE id = ?'),
  first: query<string, ViewerParams>(`SELECT o.id ${visible} ORDER BY o.rowid ASC LIMIT 1`),
  exists: query<1, [id: string]>('SELECT 1 FROM organizations WHERE id = ?'),
  level: query<number, [organizationId: string, userId: number]>(
    'SELECT level FROM memberships WHERE organization_id = ? AND user_id = ?',
  ),
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
    membership_level: membershipLevel.parse(row.level),
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
  return sql(db).count.pluck().get(viewerParams(viewer)) ?? 0
}

export function listOrganizations(db: Db, viewer: Viewer, limit: number, offset: number): Organization[] {
  return sql(db)
    .page.all({ ...viewerParams(viewer), limit, offset })
    .map((r) => toOrganization(db, r))
}

/** The organization if the viewer may see it (member, and within the key's scoped organizations). */
/** The viewer's oldest visible organization: what `@current` means. */
export const firstOrganizationId = (db: Db, viewer: Viewer) => sql(db).first.pluck().get(viewerParams(viewer))

/** Whether an organization with this id exists, whoever may see it. */
export const organizationExists = (db: Db, id: string) => sql(db).exists.pluck().get(id) !== undefined

/** The user's membership level in an organization, or undefined when they are not a member. */
export const membershipLevelIn = (db: Db, organizationId: string, userId: number) =>
  sql(db).level.pluck().get(organizationId, userId)

// Retrieves repeat far more often than organizations change: reuse the answer until the database changes.
const organizations = versionedCache<Organization | null>(['organizations', 'memberships', 'teams'])

export function findOrganization(db: Db, viewer: Viewer, id: string): Organization | undefined {
  const cache = organizations(db)
  const key = `${viewer.userId}|${viewer.scopedOrganizations?.join(',') ?? '*'}|${id}`
  let found = cache.get(key)
  if (found === undefined) {
    const row = sql(db).one.get({ ...viewerParams(viewer), id })
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

/** Writes the fields the patch carries (absent ones keep their value) and bumps updated_at. */
export function updateOrganization(db: Db, id: string, patch: OrganizationPatch) {
  const sets: [column: string, value: string | number | null][] = []
  if (patch.name !== undefined) sets.push(['name', patch.name])
  if (patch.logo_media_id !== undefined) sets.push(['logo_media_id', patch.logo_media_id])
  if (patch.is_member_join_email_enabled !== undefined)
    sets.push(['is_member_join_email_enabled', fromBool(patch.is_member_join_email_enabled)])
  if (patch.enforce_2fa !== undefined) sets.push(['enforce_2fa', fromBool(patch.enforce_2fa)])
  if (patch.is_ai_data_processing_approved !== undefined)
    sets.push(['is_ai_data_processing_approved', fromBool(patch.is_ai_data_processing_approved)])
  if (sets.length === 0) return
  prepareCached(
    db,
    `UPDATE organizations SET ${sets.map(([c]) => `${c} = ?`).join(', ')}, updated_at = ? WHERE id = ?`,
  ).run(...sets.map(([, v]) => v), nowIso(), id)
}

export const deleteOrganization = (db: Db, id: string) => sql(db).remove.run(id)
