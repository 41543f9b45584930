import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  sessionRecording,
  type RecordingFilters,
  type SessionRecording,
  type SessionRecordingPatch,
} from '../contracts'
import { feedback } from './feedback'
import { pageOf, type Page, type PageOf } from './pagination'
import { pendingFor } from './pending'
import { request } from './request'

/** One list request: a window plus the server-side filters and order, as query-string values. */
export type RecordingListParams = Page & RecordingFilters

const base = (projectId: number) => `/api/projects/${projectId}/session_recordings/`
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
type Snapshot = [readonly unknown[], unknown][]

/** Every cached list page and the detail of one project, so an optimistic change can be undone exactly. */
function snapshot(client: QueryClient, projectId: number, id: string): Snapshot {
  return [
    ...client.getQueriesData({ queryKey: recordingQueries.lists(projectId) }),
    [
      recordingQueries.detail(projectId, id).queryKey,
      client.getQueryData(recordingQueries.detail(projectId, id).queryKey),
    ],
  ]
}

/** A refetch landing after an optimistic change would overwrite it: stop those in flight first. */
async function cancelRecordingQueries(client: QueryClient, projectId: number, id: string) {
  await client.cancelQueries({ queryKey: recordingQueries.lists(projectId) })
  await client.cancelQueries({ queryKey: recordingQueries.detail(projectId, id).queryKey, exact: true })
}

function restore(client: QueryClient, saved: Snapshot) {
  for (const [key, data] of saved) client.setQueryData(key, data)
}

/** Applies a change to one recording wherever it is cached (list pages and detail). */
function updateEverywhere(
  client: QueryClient,
  projectId: number,
  id: string,
  change: (recording: SessionRecording) => SessionRecording,
) {
  client.setQueryData<SessionRecording>(recordingQueries.detail(projectId, id).queryKey, (r) => (r ? change(r) : r))
  client.setQueriesData<RecordingPage>({ queryKey: recordingQueries.lists(projectId) }, (page) =>
    page && page.results.some((r) => r.id === id)
      ? { ...page, results: page.results.map((r) => (r.id === id ? change(r) : r)) }
      : page,
  )
}

/** Takes a recording out of every cached list page (the count goes down with it). */
function removeFromLists(client: QueryClient, projectId: number, id: string) {
  client.setQueriesData<RecordingPage>({ queryKey: recordingQueries.lists(projectId) }, (page) => {
    if (!page || !page.results.some((r) => r.id === id)) return page
    const count = page.count === null ? null : Math.max(0, page.count - 1)
    return { ...page, count, results: page.results.filter((r) => r.id !== id) }
  })
}

/** DELETE one recording (soft on the server: afterwards it is 404). */
export function deleteRecording(projectId: number, id: string, signal?: AbortSignal) {
  return request(path(projectId, id), z.undefined(), { method: 'DELETE', signal })
}

type UpdateVariables = { id: string; patch: SessionRecordingPatch }

const viewedWord = (viewed: boolean) => (viewed ? 'viewed' : 'not viewed')

const updateKey = (projectId: number) => [...recordingQueries.all(projectId), 'update'] as const

/** Changes to one recording still waiting for the server (the one asking included). */
const pendingUpdates = (client: QueryClient, projectId: number, id: string) =>
  pendingFor(client, updateKey(projectId), id)

/**
 * Marks viewed/unviewed at once everywhere; rolls back (with a toast saying why) if the server refuses.
 * While a later change of the same recording is on its way, an earlier answer leaves the caches to it.
 */
export function useUpdateRecording(projectId: number) {
  const client = useQueryClient()
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
      request(path(projectId, id), sessionRecording, { method: 'PATCH', body: patch }),
    onMutate: async ({ id, patch }) => {
      await cancelRecordingQueries(client, projectId, id)
      const saved = snapshot(client, projectId, id)
      if (patch.viewed !== undefined) updateEverywhere(client, projectId, id, (r) => ({ ...r, viewed: patch.viewed! }))
      return saved
    },
    onError: (_error, { id }, saved) => {
      if (saved && pendingUpdates(client, projectId, id) === 1) restore(client, saved)
    },
    onSuccess: (recording) => {
      if (pendingUpdates(client, projectId, recording.id) === 1)
        updateEverywhere(client, projectId, recording.id, () => recording)
    },
    // Filtered lists (e.g. "unviewed only") may now hold different rows.
    onSettled: async (_data, _error, { id }) => {
      if (pendingUpdates(client, projectId, id) === 1)
        await client.invalidateQueries({ queryKey: recordingQueries.lists(projectId) })
    },
  })
}

/** Deletes one recording: gone from every list at once, back (with a toast saying why) if the server refuses. */
export function useDeleteRecording(projectId: number) {
  const client = useQueryClient()
  return useMutation({
    // The row is gone by the time the server answers: nothing on screen can say it failed.
    meta: feedback({
      failure: (id: string) => `Could not delete recording ${id}`,
      unchanged: () => 'It is back in the list.',
    }),
    mutationFn: (id: string) => deleteRecording(projectId, id),
    onMutate: async (id) => {
      await cancelRecordingQueries(client, projectId, id)
      const saved = snapshot(client, projectId, id)
      removeFromLists(client, projectId, id)
      return saved
    },
    onError: (_error, _id, saved) => {
      if (saved) restore(client, saved)
    },
    onSuccess: (_, id) => forgetRecording(client, projectId, id),
    onSettled: () => client.invalidateQueries({ queryKey: recordingQueries.lists(projectId) }),
  })
}

/** After a successful delete: no cache may still show it (its detail would only 404 now). */
export function forgetRecording(client: QueryClient, projectId: number, id: string) {
  removeFromLists(client, projectId, id)
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
