import { z } from 'zod'
import { pageQuery, paginated } from '../../src/contracts/common'
import {
  MEMBERSHIP_LEVEL,
  organization,
  organizationCreate,
  organizationPatch,
} from '../../src/contracts/organizations'
import { ownOrganization, refuseProjectScopedKey, requireLevel, viewerOf } from '../auth/access'
import {
  countOrganizations,
  createOrganization,
  deleteOrganization,
  findOrganization,
  listOrganizations,
  updateOrganization,
} from '../db/organizations'
import { route } from '../http/route'
import { envelope, pageOf } from '../pagination'
import { organizationId } from './params'

const tag = 'organizations'
const one = z.object({ id: organizationId })

/** PUT and PATCH differ only in what the body must hold (PostHog's OrganizationViewSet allows both). */
const update = (method: 'PUT' | 'PATCH') =>
  route({
    method,
    path: '/api/organizations/:id/',
    scope: 'organization:write',
    summary:
      method === 'PUT'
        ? 'Replace an organization’s writable fields (`name` required; needs admin membership)'
        : 'Update an organization (needs admin membership)',
    tag,
    params: one,
    body: method === 'PUT' ? organizationCreate : organizationPatch,
    response: organization,
    load: ({ db, auth, params }) => {
      const org = ownOrganization(db, auth, params.id)
      requireLevel(org, MEMBERSHIP_LEVEL.admin)
      return org
    },
    handle: ({ db, auth, loaded: org, body }) => {
      updateOrganization(db, org.id, body)
      return { status: 200, body: ownOrganization(db, auth, org.id) }
    },
  })

export const organizationRoutes = [
  route({
    method: 'GET',
    path: '/api/organizations/',
    scope: 'organization:read',
    summary: 'List the organizations the key can see (newest first)',
    tag,
    query: pageQuery,
    response: paginated(organization),
    handle: ({ db, auth, query, url, origin }) => {
      refuseProjectScopedKey(auth)
      const { limit, offset } = pageOf(query)
      const viewer = viewerOf(auth)
      const results = listOrganizations(db, viewer, limit, offset)
      return { status: 200, body: envelope(url, origin, query, countOrganizations(db, viewer), results) }
    },
  }),
  route({
    method: 'POST',
    path: '/api/organizations/',
    scope: 'organization:write',
    summary: 'Create an organization; the caller becomes its owner',
    tag,
    body: organizationCreate,
    response: organization,
    status: 201,
    load: ({ auth }) => refuseProjectScopedKey(auth),
    handle: ({ db, auth, body }) => {
      const id = createOrganization(db, auth.user.id, body)
      const created = findOrganization(db, { userId: auth.user.id, scopedOrganizations: null }, id)
      return { status: 201, body: created }
    },
  }),
  route({
    method: 'GET',
    path: '/api/organizations/:id/',
    scope: 'organization:read',
    summary: 'Retrieve an organization (`@current` works as an id)',
    tag,
    params: one,
    response: organization,
    handle: ({ db, auth, params }) => ({ status: 200, body: ownOrganization(db, auth, params.id) }),
  }),
  update('PUT'),
  update('PATCH'),
  route({
    method: 'DELETE',
    path: '/api/organizations/:id/',
    scope: 'organization:write',
    summary: 'Delete an organization (needs owner membership)',
    tag,
    params: one,
    status: 204,
    handle: ({ db, auth, params }) => {
      const org = ownOrganization(db, auth, params.id)
      requireLevel(org, MEMBERSHIP_LEVEL.owner)
      deleteOrganization(db, org.id)
      return { status: 204 }
    },
  }),
]
