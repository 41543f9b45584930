import type { Organization } from '../../src/contracts/organizations'
import type { Project } from '../../src/contracts/projects'
import type { Db } from '../db/database'
import { findOrganization, firstOrganizationId, membershipLevelIn, organizationExists } from '../db/organizations'
import { findProject, projectOrganization } from '../db/teams'
import type { Viewer } from '../db/viewer'
import { forbidden, notFound } from '../http/errors'
import type { Auth } from './authenticate'

/**
 * Who may reach which organization and project, in PostHog's words (posthog/permissions.py:
 * APIScopePermission.check_team_and_org_permissions, AccessControlPermission, OrganizationMemberPermissions;
 * posthog/api/routing.py for the 404s). The checks run in PostHog's order: the object exists, the
 * key's scoped projects, the key's scoped organizations, then the user's membership.
 */
export const TEXTS = {
  projectScopedKey: 'API keys with scoped projects are only supported on project-based endpoints.',
  organizationOutOfScope: (id: string) => `API key does not have access to the requested organization: ID ${id}.`,
  projectOutOfScope: (id: number) => `API key does not have access to the requested project: ID ${id}.`,
  noProjectAccess: "You don't have access to the project.",
  /** DRF's PermissionDenied default, which OrganizationMemberPermissions leaves as it is. */
  notAMember: 'You do not have permission to perform this action.',
  levelTooLow: 'Your organization access level is insufficient.',
  organizationNotFound: 'Organization not found.',
  projectNotFound: 'Project not found.',
} as const

/** What the key's user may list: their organizations, narrowed to the key's scoped organizations. */
export const viewerOf = (auth: Auth): Viewer => ({
  userId: auth.user.id,
  scopedOrganizations: auth.key.scoped_organizations,
})

const scopedTeams = (auth: Auth) => (auth.key.scoped_teams?.length ? auth.key.scoped_teams : null)
const scopedOrganizations = (auth: Auth) =>
  auth.key.scoped_organizations?.length ? auth.key.scoped_organizations : null

/** Organization-level endpoints refuse keys scoped to projects (PostHog cannot place them in a project). */
export function refuseProjectScopedKey(auth: Auth) {
  if (scopedTeams(auth)) throw forbidden(TEXTS.projectScopedKey)
}

/** `@current` as the caller's oldest visible organization (a project-scoped key: its first project's). */
function currentOrganizationId(db: Db, auth: Auth) {
  return firstOrganizationId(db, viewerOf(auth))
}

/**
 * An organization as its own resource (`/api/organizations/:id/`): PostHog looks it up among the
 * user's organizations narrowed to the key's scope, so anything else is "Not found.".
 */
export function ownOrganization(db: Db, auth: Auth, ref: string): Organization {
  refuseProjectScopedKey(auth)
  const id = ref === '@current' ? currentOrganizationId(db, auth) : ref
  const org = id ? findOrganization(db, viewerOf(auth), id) : undefined
  if (!org) throw notFound()
  return org
}

/** An organization as the parent of nested resources (`/api/organizations/:organization_id/batch_exports/`). */
export function organizationAccess(db: Db, auth: Auth, ref: string): Organization {
  refuseProjectScopedKey(auth)
  const id = ref === '@current' ? currentOrganizationId(db, auth) : ref
  if (!id || !organizationExists(db, id)) throw notFound(TEXTS.organizationNotFound)
  const scoped = scopedOrganizations(auth)
  if (scoped && !scoped.includes(id)) throw forbidden(TEXTS.organizationOutOfScope(id))
  const org = findOrganization(db, { userId: auth.user.id, scopedOrganizations: null }, id)
  if (!org) throw forbidden(TEXTS.notAMember)
  return org
}

/** Throws unless the user's level in the organization is at least `level` (admin to change, owner to delete). */
export function requireLevel(org: Organization, level: number) {
  if ((org.membership_level ?? 0) < level) throw forbidden(TEXTS.levelTooLow)
}

/** `@current` as a project: the first project the key may use. */
function currentProjectId(db: Db, auth: Auth): number | undefined {
  const teams = scopedTeams(auth)
  if (teams) return teams[0]
  const orgId = currentOrganizationId(db, auth)
  return orgId ? findOrganization(db, viewerOf(auth), orgId)?.teams[0]?.id : undefined
}

/** A project as the parent of nested resources (`/api/projects/:project_id/session_recordings/`). */
export function projectAccess(db: Db, auth: Auth, ref: number | '@current'): Project {
  const id = ref === '@current' ? currentProjectId(db, auth) : ref
  const organizationId = id === undefined ? undefined : projectOrganization(db, id)
  if (id === undefined || !organizationId) throw notFound(TEXTS.projectNotFound)
  const teams = scopedTeams(auth)
  if (teams && !teams.includes(id)) throw forbidden(TEXTS.projectOutOfScope(id))
  const orgs = scopedOrganizations(auth)
  if (orgs && !orgs.includes(organizationId)) throw forbidden(TEXTS.organizationOutOfScope(organizationId))
  if (membershipLevelIn(db, organizationId, auth.user.id) === undefined) throw forbidden(TEXTS.noProjectAccess)
  const project = findProject(db, { userId: auth.user.id, scopedOrganizations: null }, id)
  if (!project) throw forbidden(TEXTS.noProjectAccess)
  return project
}

/**
 * A project as its own resource (`/api/projects/:id/`): PostHog looks it up among the projects the
 * user and the key may see (ProjectViewSet.safely_get_queryset), so anything else is "Not found.".
 */
export function ownProject(db: Db, auth: Auth, ref: number | '@current'): Project {
  const id = ref === '@current' ? currentProjectId(db, auth) : ref
  const teams = scopedTeams(auth)
  const project = id === undefined || (teams && !teams.includes(id)) ? undefined : findProject(db, viewerOf(auth), id)
  if (!project) throw notFound()
  return project
}
