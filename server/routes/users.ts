import { me, personalApiKey, type Me } from '../../src/contracts/users'
import { listOrganizations } from '../db/organizations'
import { route } from '../http/route'
import { viewerOf } from '../auth/access'

export const userRoutes = [
  route({
    method: 'GET',
    path: '/api/users/@me/',
    scope: null,
    summary: 'Who the key belongs to, with their organizations and current project',
    tag: 'users',
    response: me,
    handle: ({ db, auth }) => {
      const orgs = listOrganizations(db, viewerOf(auth), 1000, 0)
      const summaries = orgs.map((o) => ({
        id: o.id,
        name: o.name,
        slug: o.slug,
        membership_level: o.membership_level,
      }))
      const current = orgs[orgs.length - 1]
      const team = current?.teams[0]
      const body: Me = {
        uuid: auth.user.uuid,
        distinct_id: auth.user.distinct_id,
        first_name: auth.user.first_name,
        last_name: auth.user.last_name,
        email: auth.user.email,
        organization: current ? summaries[summaries.length - 1]! : null,
        organizations: summaries,
        team: team ? { id: team.id, name: team.name, organization: current!.id } : null,
      }
      return { status: 200, body }
    },
  }),
  route({
    method: 'GET',
    path: '/api/personal_api_keys/@current/',
    scope: null,
    summary: 'The key making this request: its label, mask and scopes',
    tag: 'users',
    response: personalApiKey,
    handle: ({ auth }) => {
      const { id, label, mask_value, scopes, scoped_organizations, scoped_teams, created_at, last_used_at } = auth.key
      return {
        status: 200,
        body: { id, label, mask_value, scopes, scoped_organizations, scoped_teams, created_at, last_used_at },
      }
    },
  }),
]
