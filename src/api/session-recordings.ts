import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { sessionRecording, type SessionRecording, type SessionRecordingPatch } from '../contracts/session-recordings'
import { feedback } from './feedback'
import { pageOf, type PageOf } from './pagination'
import { optimistic, removeFromLists, updateItem, type ItemCaches, type Optimistic } from './cache-updates'
import type { RecordingListParams } from './recordings-query'
import { request } from './request'
import { recordingsPath } from './api-paths'

const base = recordingsPath
const path = (projectId: number, id: string) => `${base(projectId)}${encodeURIComponent(id)}/`

export const recordingQueries = {
  all: (projectId: number) => ['session-recordings', projectId] as const,
  lists: (projectId: number) => [...recordingQueries.all(projectId), 'list'] as const,
  list: (projectId: number, params: RecordingListParams) =>
    queryOptions({
      queryKey: [...recordingQueries.lists(projectId), params],
      queryFn: ({ signal }) => request(base(projectId), pageOf(sessionRecording), { query: params, signal }),
    }),
  details: (projectId: number) => [...recordingQueries.all(projectId), 'detail'] as const,
  detail: (projectId: number, id: string) =>
    queryOptions({
      queryKey: [...recordingQueries.details(projectId), id],
      queryFn: ({ signal }) => request(path(projectId, id), sessionRecording, { signal }),
    }),
}

type RecordingPage = PageOf<SessionRecording>

/** Where one recording is cached: its detail and every list page of its project. */
const caches = (projectId: number, id: string): ItemCaches => ({
  detail: recordingQueries.detail(projectId, id).queryKey,
  lists: recordingQueries.lists(projectId),
})

/** DELETE one recording (soft on the server: afterwards it is 404). */
export function deleteRecording(projectId: number, id: string, signal?: AbortSignal) {
  return request(path(projectId, id), z.undefined(), { method: 'DELETE', signal })
}

type UpdateVariables = { id: string; patch: SessionRecordingPatch }

const viewedWord = (viewed: boolean) => (viewed ? 'viewed' : 'not viewed')
/** The recording, or — from a real PostHog, which answers a PATCH with `{success: true}` — nothing to apply. */
const updateAnswer = z.union([
  sessionRecording,
  z.pipe(
    z.looseObject({ success: z.literal(true) }),
    z.transform(() => null),
  ),
])

const updateKey = (projectId: number) => [...recordingQueries.all(projectId), 'update'] as const

/**
 * The callbacks both ways of changing a recording share: the optimistic change (and its undo on
 * failure), then the server's answer written into every cache and the lists refreshed, since filtered
 * lists ("unviewed only") may now hold other rows. Only the last change of a recording still on its
 * way does either, so an earlier answer never overwrites a later change.
 */
function landsInCaches<V extends { id: string }>(client: QueryClient, projectId: number, change: Optimistic<V>) {
  return {
    onMutate: change.onMutate,
    onError: change.onError,
    onSuccess: (recording: SessionRecording | null, { id }: V) => {
      if (recording && change.isLast(id)) updateItem(client, caches(projectId, id), id, () => recording)
    },
    onSettled: async (_data: unknown, _error: unknown, { id }: V) => {
      if (change.isLast(id)) await client.invalidateQueries({ queryKey: recordingQueries.lists(projectId) })
    },
  }
}

/**
 * Marks viewed/unviewed at once everywhere; rolls back (with a toast saying why) if the server refuses.
 * While a later change of the same recording is on its way, an earlier answer leaves the caches to it.
 */
export function useUpdateRecording(projectId: number) {
  const client = useQueryClient()
  const change = optimistic(client, {
    mutationKey: updateKey(projectId),
    idOf: (v: UpdateVariables) => v.id,
    touches: ({ id }) => Object.values(caches(projectId, id)),
    apply: ({ id, patch }) => {
      if (patch.viewed !== undefined)
        updateItem<SessionRecording>(client, caches(projectId, id), id, (r) => ({ ...r, viewed: patch.viewed! }))
    },
  })
  return useMutation({
    mutationKey: updateKey(projectId),
    meta: feedback({
      failure: ({ patch }: UpdateVariables) =>
        patch.viewed === undefined
          ? 'Could not save the change'
          : `Could not mark the recording ${viewedWord(patch.viewed)}`,
      unchanged: ({ patch }: UpdateVariables) =>
        patch.viewed === undefined ? '' : `It is still ${viewedWord(!patch.viewed)}.`,
    }),
    mutationFn: ({ id, patch }: UpdateVariables) =>
      request(path(projectId, id), updateAnswer, { method: 'PATCH', body: patch }),
    ...landsInCaches(client, projectId, change),
  })
}

/**
 * Marks a recording viewed as it is opened, as PostHog does. Unlike the toggle it cancels no query in
 * flight (the page's neighbours may be loading): the change shows at once, the answer (or the undo on
 * failure) lands unless a later change of the same recording is on its way, and the lists refresh.
 */
export function useMarkViewed(projectId: number) {
  const client = useQueryClient()
  const viewed = (id: string, value: boolean) =>
    updateItem<SessionRecording>(client, caches(projectId, id), id, (r) => ({ ...r, viewed: value }))
  const change = optimistic(client, {
    mutationKey: updateKey(projectId),
    idOf: (v: { id: string }) => v.id,
    touches: ({ id }) => Object.values(caches(projectId, id)),
    apply: ({ id }) => viewed(id, true),
    undo: ({ id }) => viewed(id, false),
  })
  return useMutation({
    mutationKey: updateKey(projectId),
    // The dot flips back on its own: nothing on screen says why, so a toast does.
    meta: feedback({
      failure: () => 'Could not mark the recording viewed',
      unchanged: () => 'It is still not viewed.',
    }),
    mutationFn: ({ id }: { id: string }) =>
      request(path(projectId, id), updateAnswer, { method: 'PATCH', body: { viewed: true } }),
    ...landsInCaches(client, projectId, change),
  })
}

/** Deletes one recording: gone from every list at once, back (with a toast saying why) if the server refuses. */
export function useDeleteRecording(projectId: number) {
  const client = useQueryClient()
  const removal = optimistic(client, {
    idOf: (id: string) => id,
    touches: (id) => Object.values(caches(projectId, id)),
    apply: (id) => removeFromLists(client, recordingQueries.lists(projectId), id),
  })
  return useMutation({
    // The row is gone by the time the server answers: nothing on screen can say it failed.
    meta: feedback({
      failure: (id: string) => `Could not delete recording ${id}`,
      unchanged: () => 'It is back in the list.',
    }),
    mutationFn: (id: string) => deleteRecording(projectId, id),
    onMutate: removal.onMutate,
    onError: removal.onError,
    onSuccess: (_, id) => forgetRecording(client, projectId, id),
    onSettled: () => client.invalidateQueries({ queryKey: recordingQueries.lists(projectId) }),
  })
}

/** After a successful delete: no cache may still show it (its detail would only 404 now). */
export function forgetRecording(client: QueryClient, projectId: number, id: string) {
  removeFromLists(client, recordingQueries.lists(projectId), id)
  client.removeQueries({ queryKey: recordingQueries.detail(projectId, id).queryKey, exact: true })
}

/** A recording as a cached list page holds it (same shape), so its detail can show at once; refreshed when stale. */
export function recordingFromLists(client: QueryClient, projectId: number, id: string) {
  for (const query of client.getQueryCache().findAll({ queryKey: recordingQueries.lists(projectId) })) {
    const found = (query.state.data as RecordingPage | undefined)?.results.find((r) => r.id === id)
    if (found) return { data: found, updatedAt: query.state.dataUpdatedAt }
  }
  return undefined
}
