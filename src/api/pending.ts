import type { QueryClient } from '@tanstack/react-query'

/**
 * How many mutations under `mutationKey` for the item `id` still wait for the server, the asking one
 * included. An optimistic change touches the caches only when it is the last one of its item in
 * flight, so an earlier answer never overwrites a later change.
 */
export const pendingFor = (client: QueryClient, mutationKey: readonly unknown[], id: string) =>
  client.isMutating({ mutationKey, predicate: (m) => (m.state.variables as { id?: string } | undefined)?.id === id })
