import { pageQuery, paginated } from '../../src/contracts/common'
import {
  MEMBERSHIP_LEVEL,
  organization,
  organizationCreate,
  organizationPatch,
} from '../../src/contracts/organizations'
import {
  countOrganizations,
  createOrganization,
  deleteOrganization,
  findOrganization,
  listOrganizations,
  updateOrganization,
} from '../db/organizations'
import { forbidden } from '../http/errors'
import { route } from '../http/route'
import { envelope, pageOf } from '../pagination'
import { organizationParam, viewerOf } from './params'

const tag = 'organizations'

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
    handle: ({ db, auth, body }) => {
      const id = createOrganization(db, auth.user.id, body)
      return { status: 201, body: findOrganization(db, { userId: auth.user.id, scopedOrganizations: null }, id) }
    },
  }),
  route({
    method: 'GET',
    path: '/api/organizations/:id/',
    scope: 'organization:read',
    summary: 'Retrieve an organization (`@current` works as an id)',
    tag,
    response: organization,
    handle: ({ db, auth, params }) => ({ status: 200, body: organizationParam(db, auth, params.id) }),
  }),
  route({
    method: 'PATCH',
    path: '/api/organizations/:id/',
    scope: 'organization:write',
    summary: 'Update an organization (needs admin membership)',
    tag,
    body: organizationPatch,
    response: organization,
    handle: ({ db, auth, params, body }) => {
      const org = organizationParam(db, auth, params.id)
      if ((org.membership_level ?? 0) < MEMBERSHIP_LEVEL.admin) {
        throw forbidden('You must be an admin of this organization to change its settings.')
      }
      updateOrganization(db, org.id, body)
      return { status: 200, body: organizationParam(db, auth, org.id) }
    },
  }),
  route({
    method: 'DELETE',
    path: '/api/organizations/:id/',
    scope: 'organization:write',
    summary: 'Delete an organization (needs owner membership)',
    tag,
    status: 204,
    handle: ({ db, auth, params }) => {
      const org = organizationParam(db, auth, params.id)
      if ((org.membership_level ?? 0) < MEMBERSHIP_LEVEL.owner) {
        throw forbidden('Only an owner of this organization can delete it.')
      }
      deleteOrganization(db, org.id)
      return { status: 204 }
    },
  }),
]
