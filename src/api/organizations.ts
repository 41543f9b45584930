import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import {
  organization,
  type Organization,
  type OrganizationCreate,
  type OrganizationPatch,
} from '../contracts/organizations'
import type { Me } from '../contracts/users'
import { removeFromLists, updateItem } from './cache-updates'
import { feedback } from './feedback'
import { meQueries } from './me'
import { pageOf } from './pagination'
import { type Page } from '../lib/page'
import { projectQueries } from './projects'
import { request } from './request'

const base = '/api/organizations/'
const path = (id: string) => `${base}${encodeURIComponent(id)}/`

export const organizationQueries = {
  all: () => ['organizations'] as const,
  lists: () => [...organizationQueries.all(), 'list'] as const,
  list: (page: Page) =>
    queryOptions({
      queryKey: [...organizationQueries.lists(), page],
      queryFn: ({ signal }) => request(base, pageOf(organization), { query: page, signal }),
    }),
  details: () => [...organizationQueries.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...organizationQueries.details(), id],
      queryFn: ({ signal }) => request(path(id), organization, { signal }),
    }),
}

/** Writes one organization into every cached list page and the signed-in user's summary. */
function replaceEverywhere(client: QueryClient, org: Organization) {
  const caches = { detail: organizationQueries.detail(org.id).queryKey, lists: organizationQueries.lists() }
  updateItem(client, caches, org.id, () => org)
  client.setQueryData<Me>(meQueries.user().queryKey, (user) =>
    user
      ? {
          ...user,
          organizations: user.organizations.map((o) => (o.id === org.id ? { ...o, name: org.name } : o)),
          organization: user.organization?.id === org.id ? { ...user.organization, name: org.name } : user.organization,
        }
      : user,
  )
}

/** Removes a deleted organization from every cache, so it is gone everywhere at once. */
export function removeEverywhere(client: QueryClient, id: string) {
  removeFromLists(client, organizationQueries.lists(), id)
  client.setQueryData<Me>(meQueries.user().queryKey, (user) =>
    user
      ? {
          ...user,
          organizations: user.organizations.filter((o) => o.id !== id),
          organization: user.organization?.id === id ? null : user.organization,
        }
      : user,
  )
  client.removeQueries({ queryKey: organizationQueries.detail(id).queryKey, exact: true })
}

export function useCreateOrganization() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: OrganizationCreate) => request(base, organization, { method: 'POST', body: input }),
    // The form shows a failure above its fields (or on one); the new organization opens afterwards.
    meta: feedback({ failure: 'in-place', success: (org: Organization) => `Created ${org.name}` }),
    onSuccess: (org) => {
      client.setQueryData(organizationQueries.detail(org.id).queryKey, org)
      const summary = { id: org.id, name: org.name, slug: org.slug, membership_level: org.membership_level }
      client.setQueryData<Me>(meQueries.user().queryKey, (user) =>
        user ? { ...user, organizations: [...user.organizations, summary] } : user,
      )
      void client.invalidateQueries({ queryKey: organizationQueries.lists() })
      void client.invalidateQueries({ queryKey: meQueries.user().queryKey })
      void client.invalidateQueries({ queryKey: projectQueries.all() })
    },
  })
}

export function useUpdateOrganization(id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (patch: OrganizationPatch) => request(path(id), organization, { method: 'PATCH', body: patch }),
    // The form shows a failure; its save bar says when everything is saved.
    meta: feedback({ failure: 'in-place' }),
    // The server's answer is written into every cache that shows it; refetching would only repeat it.
    onSuccess: (org) => replaceEverywhere(client, org),
  })
}

/** The organization to delete; its name is for the confirmation. */
type Deleted = Pick<Organization, 'id' | 'name'>

export function useDeleteOrganization() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id }: Deleted) => request(path(id), z.undefined(), { method: 'DELETE' }),
    // The confirmation dialog shows the failure; on success the user is taken to the list.
    meta: feedback({ failure: 'in-place', success: (_, org: Deleted) => `Deleted ${org.name}` }),
    onSuccess: (_, { id }) => {
      removeEverywhere(client, id)
      // Only lists and summaries: refetching the deleted detail would just 404.
      void client.invalidateQueries({ queryKey: organizationQueries.lists() })
      void client.invalidateQueries({ queryKey: meQueries.user().queryKey })
      void client.invalidateQueries({ queryKey: projectQueries.all() })
    },
  })
}
