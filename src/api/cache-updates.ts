import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { PageOf } from './pagination'

// The ways a mutation changes what the caches show, for every resource: one item changed in every
// cached list page, one item taken out of them (the count follows), and an optimistic change undone
// exactly when the server refuses, unless a later change of the same item is still on its way.

/** An item of a resource: organizations and recordings have string ids, projects numbers. */
type Item = { id: string | number }

/** Writes `change(item)` into every cached list page under `lists` that holds the item. */
export function updateInLists<T extends Item>(
  client: QueryClient,
  lists: QueryKey,
  id: T['id'],
  change: (item: T) => T,
) {
  client.setQueriesData<PageOf<T>>({ queryKey: lists }, (page) =>
    page?.results.some((item) => item.id === id)
      ? { ...page, results: page.results.map((item) => (item.id === id ? change(item) : item)) }
      : page,
  )
}

/** Where one item of a resource is cached: its detail, and the prefix of the resource's list pages. */
export type ItemCaches = { detail: QueryKey; lists: QueryKey }

/** Writes `change(item)` into the item's detail (when loaded) and every cached list page that holds it. */
export function updateItem<T extends Item>(
  client: QueryClient,
  caches: ItemCaches,
  id: T['id'],
  change: (item: T) => T,
) {
  client.setQueryData<T>(caches.detail, (item) => (item ? change(item) : item))
  updateInLists(client, caches.lists, id, change)
}

/** Takes the item out of every cached list page under `lists`; a known count goes down with it. */
export function removeFromLists<T extends Item>(client: QueryClient, lists: QueryKey, id: T['id']) {
  client.setQueriesData<PageOf<T>>({ queryKey: lists }, (page) => {
    if (!page?.results.some((item) => item.id === id)) return page
    const count = page.count === null ? null : Math.max(0, page.count - 1)
    return { ...page, count, results: page.results.filter((item) => item.id !== id) }
  })
}

/** What the caches held before an optimistic change, to put back exactly. */
export type Saved = [QueryKey, unknown][]

type OptimisticOptions<V> = {
  /** The item a mutation's variables change. */
  idOf: (variables: V) => string
  /** Every cache the change touches (key prefixes: a resource's lists, the item's detail). */
  touches: (variables: V) => QueryKey[]
  /** Changes the caches at once, before the server answers. */
  apply: (variables: V) => void
  /** The mutation's key: with it, changes of one item in flight are counted (see `isLast`). */
  mutationKey?: QueryKey
  /**
   * Reverses just this change, for one that must not stop queries in flight (a page whose neighbours
   * are loading): they are left to land, and a failure undoes the change instead of putting back
   * caches saved before them. Without it, `onMutate` cancels them and `onError` restores.
   */
  undo?: (variables: V) => void
}

/** An optimistic change's mutation callbacks, and whether a change is the last of its item in flight. */
export type Optimistic<V> = {
  isLast: (id: string) => boolean
  onMutate: (variables: V) => Promise<Saved>
  onError: (error: unknown, variables: V, saved: Saved | undefined) => void
}

/**
 * An optimistic change as mutation callbacks: `onMutate` stops refetches that would overwrite it,
 * saves what `touches` holds, and applies it; `onError` puts it back (or, given `undo`, reverses it). `isLast` says whether this is
 * the last change of its item still in flight: only that one touches the caches when it settles,
 * so an earlier answer never overwrites a later change (and a failed earlier one undoes nothing).
 */
export function optimistic<V>(client: QueryClient, options: OptimisticOptions<V>): Optimistic<V> {
  const { idOf, touches, apply, mutationKey, undo } = options
  // The asking mutation is still counted while its callbacks run.
  const isLast = (id: string) =>
    !mutationKey || client.isMutating({ mutationKey, predicate: (m) => idOf(m.state.variables as V) === id }) <= 1
  return {
    isLast,
    onMutate: async (variables: V): Promise<Saved> => {
      if (undo) {
        apply(variables)
        return []
      }
      const keys = touches(variables)
      await Promise.all(keys.map((queryKey) => client.cancelQueries({ queryKey })))
      const saved: Saved = keys.flatMap((queryKey) => client.getQueriesData({ queryKey }))
      apply(variables)
      return saved
    },
    onError: (_error: unknown, variables: V, saved: Saved | undefined) => {
      if (!saved || !isLast(idOf(variables))) return
      if (undo) return undo(variables)
      for (const [queryKey, data] of saved) client.setQueryData(queryKey, data)
    },
  }
}
