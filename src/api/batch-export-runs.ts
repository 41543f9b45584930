import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { backfillResult, cancelResult, destinationTest, pauseResult, testStep } from '../contracts/batch-export-runs'
import {
  batchExportRun,
  type BatchExport,
  type BatchExportCreate,
  type BatchExportPatch,
  type BatchExportRun,
} from '../contracts/batch-exports'
import { ACTIVE_RUN_STATUSES, batchExportQueries } from './batch-exports'
import { feedback } from './feedback'
import { pageOf } from './pagination'
import type { Page } from '../lib/page'
import { request } from './request'

const enc = encodeURIComponent
const exportsPath = (orgId: string) => `/api/organizations/${enc(orgId)}/batch_exports/`
/** PostHog serves runs under the export's project; the reference server answers there too. */
const runsPath = (exp: Pick<BatchExport, 'id' | 'team_id'>) =>
  `/api/projects/${exp.team_id}/batch_exports/${enc(exp.id)}/runs/`

export const batchExportRunQueries = {
  all: (orgId: string, exportId: string) => batchExportQueries.allRuns(orgId, exportId),
  /**
   * A page of every run of the export, newest first; refreshed every 3 s while one on it will still
   * change (the page can add: while the export's latest runs move).
   */
  page: (orgId: string, teamId: number, exportId: string, page: Page) =>
    queryOptions({
      queryKey: [...batchExportRunQueries.all(orgId, exportId), teamId, page],
      queryFn: ({ signal }) =>
        request(runsPath({ id: exportId, team_id: teamId }), pageOf(batchExportRun), { query: page, signal }),
      placeholderData: keepPreviousData,
      refetchInterval: (query) =>
        query.state.data?.results.some((r) => ACTIVE_RUN_STATUSES.includes(r.status)) ? 3_000 : false,
    }),
  /** The steps of a destination type's connection test (PostHog's `GET …/batch_exports/test/`). */
  testSteps: (orgId: string, type: string) =>
    queryOptions({
      queryKey: [...batchExportQueries.organization(orgId), 'test-steps', type],
      queryFn: ({ signal }) =>
        request(`${exportsPath(orgId)}test/`, destinationTest, { query: { destination: type }, signal }),
      staleTime: Infinity,
    }),
}

/** After anything that queues or stops runs: the export (latest runs, state), its run pages and the lists. */
function refreshExport(client: QueryClient, orgId: string, exportId: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: batchExportQueries.detail(orgId, exportId).queryKey }),
    client.invalidateQueries({ queryKey: batchExportRunQueries.all(orgId, exportId) }),
    client.invalidateQueries({ queryKey: batchExportQueries.lists(orgId) }),
    client.invalidateQueries({ queryKey: batchExportQueries.allLogs(orgId, exportId) }),
  ])
}

/** The run a user cancels: whether it is already exporting says what the confirmation reads. */
type CancelVariables = Pick<BatchExportRun, 'id' | 'status'>

/** POST …/runs/:run_id/cancel/: a queued run stops at once, a running one at its next page. */
export function useCancelRun(orgId: string, exp: Pick<BatchExport, 'id' | 'team_id'>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id }: CancelVariables) =>
      request(`${runsPath(exp)}${enc(id)}/cancel/`, cancelResult, { method: 'POST' }),
    // The confirmation dialog shows a failure; it closes on success.
    meta: feedback({
      failure: 'in-place',
      success: (_, run: CancelVariables) => (run.status === 'Running' ? 'Cancelling the run' : 'Run cancelled'),
    }),
    onSettled: () => refreshExport(client, orgId, exp.id),
  })
}

/** The run to export again, and how the user knows its window (for the confirmation). */
type RetryVariables = { id: string; window: string }

/** POST …/runs/:run_id/retry/: the run's window exported again, as a new run (a backfill of one window). */
export function useRetryRun(orgId: string, exp: Pick<BatchExport, 'id' | 'team_id'>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id }: RetryVariables) =>
      request(`${runsPath(exp)}${enc(id)}/retry/`, backfillResult, { method: 'POST' }),
    // A row's icon button: nothing on screen can say it failed.
    meta: feedback({
      failure: () => 'Could not retry the run',
      success: (_, { window }: RetryVariables) => ({
        title: 'Retry queued',
        description: `A new run exports ${window} again.`,
      }),
    }),
    onSuccess: () => refreshExport(client, orgId, exp.id),
  })
}

/** Resume, with or without the missed windows; `next` says what happens after (for the confirmation). */
type UnpauseVariables = { id: string; name: string; backfill: boolean; next: string }

/** POST …/unpause/: resume; with `backfill`, the windows missed while paused are exported too. */
export function useUnpause(orgId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, backfill }: UnpauseVariables) =>
      request(`${exportsPath(orgId)}${enc(id)}/unpause/`, pauseResult, { method: 'POST', body: { backfill } }),
    // The resume dialog shows a failure; it closes on success.
    meta: feedback({
      failure: 'in-place',
      success: (_, { name, next }: UnpauseVariables) => ({ title: `Resumed ${name}`, description: next }),
    }),
    onSuccess: (_, { id }) => refreshExport(client, orgId, id),
  })
}

/**
 * One step of the connection test, as PostHog runs it: for an unsaved export the whole body
 * (`run_test_step_new`), for a saved one the edited fields over the stored config (`run_test_step`).
 */
export function runTestStep(
  orgId: string,
  exportId: string | null,
  body: BatchExportCreate | BatchExportPatch,
  step: number,
  signal?: AbortSignal,
) {
  const path = exportId
    ? `${exportsPath(orgId)}${enc(exportId)}/run_test_step/`
    : `${exportsPath(orgId)}run_test_step_new/`
  return request(path, testStep, { method: 'POST', body: { ...body, step }, signal })
}
