import { describe, expect, it } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import type { Me } from '../contracts/users'
import { organizationFixture } from '../testing/fixtures'
import { meQueries } from './me'
import { organizationQueries, removeEverywhere } from './organizations'
import type { PageOf } from './pagination'

describe('removeEverywhere', () => {
  it('takes a deleted organization out of every list page, the user summary and the detail cache', () => {
    const client = new QueryClient()
    const gone = organizationFixture({ id: '11111111-1111-4111-8111-111111111111', name: 'Gone' })
    const kept = organizationFixture({ id: '22222222-2222-4222-8222-222222222222', name: 'Kept' })
    const page = organizationQueries.list({ limit: 100, offset: 0 }).queryKey
    client.setQueryData<PageOf<typeof gone>>(page, {
      results: [gone, kept],
      count: 2,
      hasNext: false,
      next: null,
      previous: null,
    })
    client.setQueryData(organizationQueries.detail(gone.id).queryKey, gone)
    const summary = (o: typeof gone) => ({ id: o.id, name: o.name, slug: o.slug, membership_level: o.membership_level })
    client.setQueryData<Me>(meQueries.user().queryKey, {
      uuid: '33333333-3333-4333-8333-333333333333',
      first_name: 'A',
      email: 'a@example.com',
      organization: summary(gone),
      organizations: [summary(gone), summary(kept)],
    })

    removeEverywhere(client, gone.id)

    const list = client.getQueryData<PageOf<typeof gone>>(page)!
    expect(list.results.map((o) => o.name)).toEqual(['Kept'])
    expect(list.count).toBe(1)
    const me = client.getQueryData<Me>(meQueries.user().queryKey)!
    expect(me.organizations.map((o) => o.name)).toEqual(['Kept'])
    expect(me.organization).toBeNull()
    expect(client.getQueryData(organizationQueries.detail(gone.id).queryKey)).toBeUndefined()
  })
})
