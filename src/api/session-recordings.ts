import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { z } from 'zod'
import {
  sessionRecording,
  type RecordingFilters,
  type SessionRecording,
  type SessionRecordingPatch,
} from '../contracts'
import { describeError } from './errors'
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

/** The recording, or — from a real PostHog, which answers a PATCH with `{success: true}` — nothing to apply. */
const updateAnswer = z.union([sessionRecording, z.looseObject({ success: z.literal(true) }).transform(() => null)])

const updateKey = (projectId: number) => [...recordingQueries.all(projectId), 'update'] as const

/** Changes to one recording still waiting for the server (the one asking included). */
const pendingUpdates = (client: QueryClient, projectId: number, id: string) =>
  pendingFor(client, updateKey(projectId), id)

/**
 * Marks viewed/unviewed at once everywhere; rolls back with an error toast if the server refuses.
 * While a later change of the same recording is on its way, an earlier answer leaves the caches to it.
 */
export function useUpdateRecording(projectId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationKey: updateKey(projectId),
    meta: { inlineErrors: true },
    mutationFn: ({ id, patch }: UpdateVariables) =>
      request(path(projectId, id), updateAnswer, { method: 'PATCH', body: patch }),
    onMutate: async ({ id, patch }) => {
      await cancelRecordingQueries(client, projectId, id)
      const saved = snapshot(client, projectId, id)
      if (patch.viewed !== undefined) updateEverywhere(client, projectId, id, (r) => ({ ...r, viewed: patch.viewed! }))
      return saved
    },
    onError: (error, { id }, saved) => {
      if (saved && pendingUpdates(client, projectId, id) === 1) restore(client, saved)
      toast.error(`Could not save the change: ${describeError(error)}`)
    },
    onSuccess: (recording, { id }) => {
      if (recording && pendingUpdates(client, projectId, id) === 1)
        updateEverywhere(client, projectId, id, () => recording)
    },
    // Filtered lists (e.g. "unviewed only") may now hold different rows.
    onSettled: async (_data, _error, { id }) => {
      if (pendingUpdates(client, projectId, id) === 1)
        await client.invalidateQueries({ queryKey: recordingQueries.lists(projectId) })
    },
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
    updateEverywhere(client, projectId, id, (r) => ({ ...r, viewed: value }))
  return useMutation({
    mutationKey: updateKey(projectId),
    meta: { inlineErrors: true },
    mutationFn: ({ id }: { id: string }) =>
      request(path(projectId, id), updateAnswer, { method: 'PATCH', body: { viewed: true } }),
    onMutate: ({ id }) => viewed(id, true),
    onError: (error, { id }) => {
      if (pendingUpdates(client, projectId, id) === 1) viewed(id, false)
      toast.error(`Could not mark the recording viewed: ${describeError(error)}`)
    },
    onSuccess: (recording, { id }) => {
      if (recording && pendingUpdates(client, projectId, id) === 1)
        updateEverywhere(client, projectId, id, () => recording)
    },
    onSettled: async (_data, _error, { id }) => {
      if (pendingUpdates(client, projectId, id) === 1)
        await client.invalidateQueries({ queryKey: recordingQueries.lists(projectId) })
    },
  })
}

/** Deletes one recording: gone from every list at once, back with an error toast if the server refuses. */
export function useDeleteRecording(projectId: number) {
  const client = useQueryClient()
  return useMutation({
    meta: { inlineErrors: true },
    mutationFn: (id: string) => deleteRecording(projectId, id),
    onMutate: async (id) => {
      await cancelRecordingQueries(client, projectId, id)
      const saved = snapshot(client, projectId, id)
      removeFromLists(client, projectId, id)
      return saved
    },
    onError: (error, id, saved) => {
      if (saved) restore(client, saved)
      toast.error(`Could not delete recording ${id}: ${describeError(error)}`)
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
