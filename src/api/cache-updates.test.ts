import { describe, expect, it } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { optimistic, removeFromLists, updateInLists, updateItem } from './cache-updates'
import type { PageOf } from './pagination'

type Row = { id: string; name: string }
const page = (results: Row[], count: number | null = results.length): PageOf<Row> => ({
  results,
  count,
  hasNext: false,
  next: null,
  previous: null,
})
const LISTS = ['things', 'list'] as const
const first = [...LISTS, { offset: 0 }]
const second = [...LISTS, { offset: 2 }]
const detailOf = (id: string) => ['things', 'detail', id]

function seeded() {
  const client = new QueryClient()
  client.setQueryData(
    first,
    page(
      [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
      ],
      3,
    ),
  )
  client.setQueryData(second, page([{ id: 'c', name: 'C' }], null))
  client.setQueryData(detailOf('a'), { id: 'a', name: 'A' })
  const names = (key: readonly unknown[]) => client.getQueryData<PageOf<Row>>(key)!.results.map((r) => r.name)
  return { client, names }
}

describe('updateInLists and updateItem', () => {
  it('change the item in every list page that holds it and leave other pages as they were', () => {
    const { client, names } = seeded()
    const untouched = client.getQueryData(second)
    updateInLists<Row>(client, LISTS, 'a', (r) => ({ ...r, name: 'A2' }))
    expect(names(first)).toEqual(['A2', 'B'])
    expect(client.getQueryData(second)).toBe(untouched)
  })

  it('change the detail too, but never create one that was not loaded', () => {
    const { client, names } = seeded()
    updateItem<Row>(client, { detail: detailOf('a'), lists: LISTS }, 'a', (r) => ({ ...r, name: 'A2' }))
    updateItem<Row>(client, { detail: detailOf('c'), lists: LISTS }, 'c', (r) => ({ ...r, name: 'C2' }))
    expect(client.getQueryData(detailOf('a'))).toEqual({ id: 'a', name: 'A2' })
    expect(client.getQueryData(detailOf('c'))).toBeUndefined()
    expect(names(second)).toEqual(['C2'])
  })

  it('find items by number ids as well (projects), never matching the same digits as a string', () => {
    type Project = { id: number; name: string }
    const client = new QueryClient()
    const projects: PageOf<Project> = {
      results: [{ id: 1, name: 'One' }],
      count: 1,
      hasNext: false,
      next: null,
      previous: null,
    }
    const strings = page([{ id: '1', name: 'String one' }])
    client.setQueryData(['projects', 'list'], projects)
    client.setQueryData(['things', 'list'], strings)
    updateInLists<Project>(client, [], 1, (p) => ({ ...p, name: 'Renamed' }))
    expect(client.getQueryData<PageOf<Project>>(['projects', 'list'])!.results).toEqual([{ id: 1, name: 'Renamed' }])
    expect(client.getQueryData(['things', 'list'])).toBe(strings)
  })
})

describe('removeFromLists', () => {
  it('takes the item out of its page and lowers a known count; an unknown count stays unknown', () => {
    const { client, names } = seeded()
    removeFromLists(client, LISTS, 'b')
    removeFromLists(client, LISTS, 'c')
    expect(names(first)).toEqual(['A'])
    expect(client.getQueryData<PageOf<Row>>(first)!.count).toBe(2)
    expect(names(second)).toEqual([])
    expect(client.getQueryData<PageOf<Row>>(second)!.count).toBeNull()
  })
})

type Rename = { id: string; name: string }

/** Starts a rename the way `useMutation` would; the server's answer waits until `answer` is called. */
function renames(client: QueryClient, mutationKey?: readonly unknown[]) {
  const change = optimistic(client, {
    mutationKey,
    idOf: (v: Rename) => v.id,
    touches: ({ id }) => [detailOf(id), LISTS],
    apply: ({ id, name }) =>
      updateItem<Row>(client, { detail: detailOf(id), lists: LISTS }, id, (r) => ({ ...r, name })),
  })
  return (variables: Rename) => {
    let answer: (ok: boolean) => void = () => {}
    const answered = new Promise<boolean>((resolve) => (answer = resolve))
    const done = client
      .getMutationCache()
      .build(client, {
        mutationKey,
        mutationFn: async () => {
          if (!(await answered)) throw new Error('refused')
          return variables
        },
        onMutate: change.onMutate,
        onError: change.onError,
      })
      .execute(variables)
      .catch(() => undefined)
    return { answer, done, isLast: () => change.isLast(variables.id) }
  }
}

describe('optimistic', () => {
  it('shows the change at once and puts back exactly what was cached when the server refuses', async () => {
    const { client, names } = seeded()
    const rename = renames(client)({ id: 'a', name: 'A2' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(names(first)).toEqual(['A2', 'B'])
    expect(client.getQueryData(detailOf('a'))).toEqual({ id: 'a', name: 'A2' })
    rename.answer(false)
    await rename.done
    expect(names(first)).toEqual(['A', 'B'])
    expect(client.getQueryData(detailOf('a'))).toEqual({ id: 'a', name: 'A' })
  })

  it('stops a refetch in flight, so an older answer cannot overwrite the change', async () => {
    const { client, names } = seeded()
    let refetched = false
    void client.fetchQuery({
      queryKey: first,
      queryFn: () =>
        new Promise((resolve) =>
          setTimeout(() => {
            refetched = true
            resolve(page([]))
          }, 20),
        ),
    })
    const rename = renames(client)({ id: 'a', name: 'A2' })
    await new Promise((resolve) => setTimeout(resolve, 40))
    expect(refetched).toBe(true)
    expect(names(first)).toEqual(['A2', 'B'])
    rename.answer(true)
    await rename.done
  })

  it('leaves the caches to a later change of the same item still on its way', async () => {
    const { client, names } = seeded()
    const start = renames(client, ['things', 'rename'])
    const earlier = start({ id: 'a', name: 'A2' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    const later = start({ id: 'a', name: 'A3' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(earlier.isLast()).toBe(false)
    earlier.answer(false)
    await earlier.done
    // The earlier failure does not undo the later change.
    expect(names(first)).toEqual(['A3', 'B'])
    expect(later.isLast()).toBe(true)
    later.answer(true)
    await later.done
    expect(names(first)).toEqual(['A3', 'B'])
  })

  it('with undo: lets a query in flight land and, on refusal, reverses only this change', async () => {
    const { client, names } = seeded()
    const change = optimistic(client, {
      idOf: (v: Rename) => v.id,
      touches: () => [LISTS],
      apply: ({ id, name }) => updateInLists<Row>(client, LISTS, id, (r) => ({ ...r, name })),
      undo: ({ id }) => updateInLists<Row>(client, LISTS, id, (r) => ({ ...r, name: r.name.replace('*', '') })),
    })
    // A neighbour page is loading when the change starts; it lands while the server is deciding.
    const loading = client.fetchQuery({
      queryKey: first,
      queryFn: () =>
        new Promise<PageOf<Row>>((resolve) =>
          setTimeout(
            () =>
              resolve(
                page(
                  [
                    { id: 'a', name: 'A*' },
                    { id: 'd', name: 'D' },
                  ],
                  4,
                ),
              ),
            10,
          ),
        ),
    })
    const saved = await change.onMutate({ id: 'a', name: 'A*' })
    await loading
    expect(names(first)).toEqual(['A*', 'D'])
    change.onError(new Error('refused'), { id: 'a', name: 'A*' }, saved)
    // The loaded page stays (D is not lost to a snapshot taken before it); only the change is reversed.
    expect(names(first)).toEqual(['A', 'D'])
  })
})
