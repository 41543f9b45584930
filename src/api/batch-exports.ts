import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import {
  batchExport,
  type BackfillInput,
  type BatchExport,
  type BatchExportCreate,
  type BatchExportPatch,
  type RunStatus,
} from '../contracts/batch-exports'
import { plural } from '../lib/format'
import { feedback } from './feedback'
import { optimistic, removeFromLists, updateItem, type ItemCaches } from './cache-updates'
import { pageOf } from './pagination'
import { type Page } from '../lib/page'
import { request } from './request'

const enc = encodeURIComponent
const base = (orgId: string) => `/api/organizations/${enc(orgId)}/batch_exports/`
/** One export's URL (its logs, runs and backfills live below it). */
export const batchExportPath = (orgId: string, id: string) => `${base(orgId)}${enc(id)}/`
const path = batchExportPath

/** Runs that will still change: queued, exporting, or waiting for a retry. */
export const ACTIVE_RUN_STATUSES: readonly RunStatus[] = ['Running', 'Starting', 'FailedRetryable']
/** A run that has not changed for this long is waiting (a long queue, a PostHog that is busy), not moving. */
const IDLE_AFTER_MS = 10 * 60_000

/**
 * How often the detail page refreshes itself: every 3 s while a run moved in the last minutes (the
 * engine exports a window in seconds), every 5 min while runs only wait, and not at all once every
 * run has finished.
 */
export function detailRefetchInterval(exp: BatchExport | undefined, now = Date.now()): number | false {
  const active = exp?.latest_runs.filter((r) => ACTIVE_RUN_STATUSES.includes(r.status)) ?? []
  if (active.length === 0) return false
  return active.some((r) => now - Date.parse(r.last_updated_at) < IDLE_AFTER_MS) ? 3_000 : 300_000
}

export const batchExportQueries = {
  all: () => ['batch-exports'] as const,
  organization: (orgId: string) => [...batchExportQueries.all(), orgId] as const,
  lists: (orgId: string) => [...batchExportQueries.organization(orgId), 'list'] as const,
  /** The organization's exports, or one project's (PostHog's project-level list) when `projectId` is given. */
  list: (orgId: string, page: Page, projectId: number | null = null) =>
    queryOptions({
      queryKey: [...batchExportQueries.lists(orgId), page, projectId ?? 'all'],
      queryFn: ({ signal }) =>
        request(projectId === null ? base(orgId) : `/api/projects/${projectId}/batch_exports/`, pageOf(batchExport), {
          query: page,
          signal,
        }),
    }),
  details: (orgId: string) => [...batchExportQueries.organization(orgId), 'detail'] as const,
  detail: (orgId: string, id: string) =>
    queryOptions({
      queryKey: [...batchExportQueries.details(orgId), id],
      queryFn: ({ signal }) => request(path(orgId, id), batchExport, { signal }),
      refetchInterval: (query) => detailRefetchInterval(query.state.data),
    }),
  /** The prefix of an export's logs (their queries are in ./batch-export-logs: only its page loads them). */
  allLogs: (orgId: string, id: string) => [...batchExportQueries.organization(orgId), 'logs', id] as const,
  /** Every page of an export's runs (the factory of the pages is in batch-export-runs.ts). */
  allRuns: (orgId: string, id: string) => [...batchExportQueries.organization(orgId), 'runs', id] as const,
}

/** Where one export is cached. */
const caches = (orgId: string, id: string): ItemCaches => ({
  detail: batchExportQueries.detail(orgId, id).queryKey,
  lists: batchExportQueries.lists(orgId),
})

export function useCreateBatchExport(orgId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: BatchExportCreate) => request(base(orgId), batchExport, { method: 'POST', body: input }),
    // The form shows a failure; the new export opens afterwards.
    meta: feedback({ failure: 'in-place', success: (exp: BatchExport) => `Created ${exp.name}` }),
    onSuccess: (exp) => {
      client.setQueryData(batchExportQueries.detail(orgId, exp.id).queryKey, exp)
      void client.invalidateQueries({ queryKey: batchExportQueries.lists(orgId) })
    },
  })
}

export function useUpdateBatchExport(orgId: string, id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (patch: BatchExportPatch) => request(path(orgId, id), batchExport, { method: 'PATCH', body: patch }),
    // The form shows a failure; the export opens afterwards.
    meta: feedback({ failure: 'in-place', success: (exp: BatchExport) => `Saved ${exp.name}` }),
    onSuccess: (exp) => {
      updateItem(client, caches(orgId, exp.id), exp.id, () => exp)
      void client.invalidateQueries({ queryKey: batchExportQueries.lists(orgId) })
    },
  })
}

type PauseVariables = { id: string; name: string; paused: boolean }

const setPausedKey = (orgId: string) => [...batchExportQueries.organization(orgId), 'set-paused'] as const

/**
 * Pause or resume at once: the caches flip before the server answers and flip back (with a toast
 * saying why) if it refuses. The server stamps `last_paused_at`. While a later flip
 * of the same export is on its way, an earlier answer leaves the caches to it.
 */
export function useSetPaused(orgId: string) {
  const client = useQueryClient()
  const flip = optimistic(client, {
    mutationKey: setPausedKey(orgId),
    idOf: (v: PauseVariables) => v.id,
    touches: ({ id }) => Object.values(caches(orgId, id)),
    apply: ({ id, paused }) =>
      updateItem<BatchExport>(client, caches(orgId, id), id, (e) => ({
        ...e,
        paused,
        last_paused_at: paused ? new Date().toISOString() : e.last_paused_at,
      })),
  })
  return useMutation({
    mutationKey: setPausedKey(orgId),
    mutationFn: ({ id, paused }: PauseVariables) =>
      request(path(orgId, id), batchExport, { method: 'PATCH', body: { paused } satisfies BatchExportPatch }),
    meta: feedback({
      failure: ({ name, paused }: PauseVariables) => `Could not ${paused ? 'pause' : 'resume'} “${name}”`,
      unchanged: ({ paused }: PauseVariables) => `It is still ${paused ? 'active' : 'paused'}.`,
    }),
    onMutate: flip.onMutate,
    onError: flip.onError,
    onSuccess: (exp) => {
      if (flip.isLast(exp.id)) updateItem(client, caches(orgId, exp.id), exp.id, () => exp)
    },
    onSettled: (_data, _error, { id }) => {
      if (!flip.isLast(id)) return
      void client.invalidateQueries({ queryKey: batchExportQueries.detail(orgId, id).queryKey })
      void client.invalidateQueries({ queryKey: batchExportQueries.lists(orgId) })
    },
  })
}

/** The export to delete; its name is for the confirmation. */
type Deleted = Pick<BatchExport, 'id' | 'name'>

export function useDeleteBatchExport(orgId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id }: Deleted) => request(path(orgId, id), z.undefined(), { method: 'DELETE' }),
    // The confirmation dialog shows the failure; on success the user is taken to the list.
    meta: feedback({ failure: 'in-place', success: (_, exp: Deleted) => `Deleted ${exp.name}` }),
    onSuccess: (_, { id }) => {
      removeFromLists(client, batchExportQueries.lists(orgId), id)
      // Only lists: refetching the deleted detail would just 404.
      client.removeQueries({ queryKey: batchExportQueries.detail(orgId, id).queryKey, exact: true })
      client.removeQueries({ queryKey: batchExportQueries.allLogs(orgId, id) })
      void client.invalidateQueries({ queryKey: batchExportQueries.lists(orgId) })
    },
  })
}

/** The range to backfill, and how many runs the console's plan says it creates (for the confirmation). */
type BackfillVariables = { range: BackfillInput; runs: number }

/** POST …/backfill/ (deprecated): one run per interval; 200 with the backfill's id (older servers: empty). */
export function useBackfill(orgId: string, id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ range }: BackfillVariables) =>
      request(`${path(orgId, id)}backfill/`, z.unknown(), { method: 'POST', body: range }),
    // The dialog shows a failure (on the start or end field when the server names one); it closes on success.
    meta: feedback({
      failure: 'in-place',
      success: (_, { runs }: BackfillVariables) => `Backfill started: ${plural(runs, 'run')}`,
    }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: batchExportQueries.detail(orgId, id).queryKey }),
        client.invalidateQueries({ queryKey: batchExportQueries.lists(orgId) }),
        client.invalidateQueries({ queryKey: batchExportQueries.allLogs(orgId, id) }),
        client.invalidateQueries({ queryKey: batchExportQueries.allRuns(orgId, id) }),
      ]),
  })
}
