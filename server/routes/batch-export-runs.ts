import { z } from 'zod'
import { batchExportRun } from '../../src/contracts/batch-exports'
import {
  backfillResult,
  cancelResult,
  pauseResult,
  runsQuery,
  unpauseInput,
} from '../../src/contracts/batch-export-runs'
import { paginated } from '../../src/contracts/common'
import type { Auth } from '../auth/authenticate'
import { findRunRow, listRuns } from '../db/batch-export-runs'
import { findBatchExportRow, findBatchExportRowOfTeam, toRun } from '../db/batch-exports'
import type { Db } from '../db/database'
import { notFound } from '../http/errors'
import { route } from '../http/route'
import { envelope } from '../pagination'
import { cancelRun, pauseExport, retryRun, unpauseExport } from './batch-export-actions'
import { objectUuid, parentOrganizationId, parentProjectId } from './params'
import { organizationAccess, projectAccess } from '../auth/access'

const tag = 'batch_exports'
const orgBase = '/api/organizations/:organization_id/batch_exports/:id/'
/** PostHog serves runs under the project (`BatchExportRunViewSet`); both paths answer here. */
const projectBase = '/api/projects/:project_id/batch_exports/:id/'

const orgExport = z.object({ organization_id: parentOrganizationId, id: objectUuid })
const projectExport = z.object({ project_id: parentProjectId, id: objectUuid })
const orgRun = orgExport.extend({ run_id: objectUuid })
const projectRun = projectExport.extend({ run_id: objectUuid })

type ExportParams = z.output<typeof orgExport> | z.output<typeof projectExport>
type RunParams = z.output<typeof orgRun> | z.output<typeof projectRun>

function exportOf(db: Db, auth: Auth, params: ExportParams) {
  const row =
    'organization_id' in params
      ? findBatchExportRow(db, organizationAccess(db, auth, params.organization_id).id, params.id)
      : findBatchExportRowOfTeam(db, projectAccess(db, auth, params.project_id).id, params.id)
  if (!row) throw notFound()
  return row
}

function runOf(db: Db, auth: Auth, params: RunParams) {
  const run = findRunRow(db, exportOf(db, auth, params).id, params.run_id)
  if (!run) throw notFound()
  return run
}

const runRoutes = (
  base: string,
  exportParams: typeof orgExport | typeof projectExport,
  runParams: typeof orgRun | typeof projectRun,
) => [
  route({
    method: 'GET',
    path: `${base}runs/`,
    params: exportParams,
    scope: 'batch_export:read',
    summary:
      'Every run of a batch export, newest first (ordering: created_at or data_interval_start, - for descending)',
    tag,
    query: runsQuery,
    response: paginated(batchExportRun),
    handle: ({ db, auth, params, query, url, origin }) => {
      const exp = exportOf(db, auth, params)
      const limit = query.limit ?? 100
      const offset = query.offset ?? 0
      const { count, results } = listRuns(db, exp.id, query, limit, offset)
      return { status: 200, body: envelope(url, origin, { limit, offset }, count, results) }
    },
  }),
  route({
    method: 'GET',
    path: `${base}runs/:run_id/`,
    params: runParams,
    scope: 'batch_export:read',
    summary: 'One run of a batch export',
    tag,
    response: batchExportRun,
    handle: ({ db, auth, params }) => ({ status: 200, body: toRun(runOf(db, auth, params)) }),
  }),
  route({
    method: 'POST',
    path: `${base}runs/:run_id/cancel/`,
    params: runParams,
    scope: 'batch_export:write',
    summary: 'Cancel a run that is Starting, Running or waiting for a retry (a running one stops at its next page)',
    tag,
    response: cancelResult,
    handle: ({ db, auth, params }) => {
      cancelRun(db, runOf(db, auth, params))
      return { status: 200, body: { cancelled: true as const } }
    },
  }),
  route({
    method: 'POST',
    path: `${base}runs/:run_id/retry/`,
    params: runParams,
    scope: 'batch_export:write',
    summary: "Export a run's window again, as a backfill of that window (a new run)",
    tag,
    response: backfillResult,
    handle: ({ db, auth, params }) => ({ status: 200, body: { backfill_id: retryRun(db, runOf(db, auth, params)) } }),
  }),
]

export const batchExportRunRoutes = [
  ...runRoutes(orgBase, orgExport, orgRun),
  ...runRoutes(projectBase, projectExport, projectRun),
  route({
    method: 'POST',
    path: `${orgBase}pause/`,
    params: orgExport,
    scope: 'batch_export:write',
    summary: 'Pause a batch export: no new windows are scheduled until it is unpaused',
    tag,
    response: pauseResult,
    handle: ({ db, auth, params }) => {
      pauseExport(db, exportOf(db, auth, params))
      return { status: 200, body: { paused: true } }
    },
  }),
  route({
    method: 'POST',
    path: `${orgBase}unpause/`,
    params: orgExport,
    scope: 'batch_export:write',
    summary: 'Unpause a batch export; `{"backfill": true}` also exports the windows missed while it was paused',
    tag,
    body: unpauseInput,
    response: pauseResult,
    handle: ({ db, auth, params, body }) => {
      unpauseExport(db, exportOf(db, auth, params), body.backfill ?? false)
      return { status: 200, body: { paused: false } }
    },
  }),
]
