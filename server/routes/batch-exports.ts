import { z } from 'zod'
import { pageQuery, paginated } from '../../src/contracts/common'
import {
  backfillInput,
  batchExport,
  batchExportCreate,
  batchExportPatch,
  batchExportPut,
  logEntry,
  logsQuery,
} from '../../src/contracts/batch-exports'
import { backfillResult } from '../../src/contracts/batch-export-runs'
import {
  countBatchExports,
  deleteBatchExport,
  findBatchExport,
  findBatchExportRow,
  insertBatchExport,
  listBatchExports,
} from '../db/batch-exports'
import { queryLogs } from '../db/batch-export-logs'
import type { Db } from '../db/database'
import { notFound } from '../http/errors'
import { route } from '../http/route'
import { envelope, pageOf } from '../pagination'
import { backfillWindowsFor, valuesForCreate } from './batch-export-values'
import { createBackfill, updateExport } from './batch-export-actions'
import { objectUuid, parentOrganizationId, parentProjectId } from './params'
import { organizationAccess, projectAccess } from '../auth/access'
import type { Auth } from '../auth/authenticate'

const tag = 'batch_exports'
const base = '/api/organizations/:organization_id/batch_exports/'
export const parent = z.object({ organization_id: parentOrganizationId })
export const one = parent.extend({ id: objectUuid })

export function exportRow(db: Db, auth: Auth, params: z.output<typeof one>) {
  const org = organizationAccess(db, auth, params.organization_id)
  const row = findBatchExportRow(db, org.id, params.id)
  if (!row) throw notFound()
  return { org, row }
}

export const batchExportRoutes = [
  route({
    method: 'GET',
    path: base,
    params: parent,
    scope: 'batch_export:read',
    summary: "List the organization's batch exports (newest first)",
    tag,
    query: pageQuery,
    response: paginated(batchExport),
    handle: ({ db, auth, params, query, url, origin }) => {
      const org = organizationAccess(db, auth, params.organization_id)
      const { limit, offset } = pageOf(query)
      const results = listBatchExports(db, org.id, limit, offset)
      return { status: 200, body: envelope(url, origin, query, countBatchExports(db, org.id), results) }
    },
  }),
  route({
    method: 'GET',
    path: '/api/projects/:project_id/batch_exports/',
    params: z.object({ project_id: parentProjectId }),
    scope: 'batch_export:read',
    summary: "List one project's batch exports (newest first), as PostHog's project-level list",
    tag,
    query: pageQuery,
    response: paginated(batchExport),
    handle: ({ db, auth, params, query, url, origin }) => {
      const project = projectAccess(db, auth, params.project_id)
      const { limit, offset } = pageOf(query)
      const results = listBatchExports(db, project.organization, limit, offset, project.id)
      const count = countBatchExports(db, project.organization, project.id)
      return { status: 200, body: envelope(url, origin, query, count, results) }
    },
  }),
  route({
    method: 'POST',
    path: base,
    params: parent,
    scope: 'batch_export:write',
    summary: 'Create a batch export',
    tag,
    body: batchExportCreate,
    response: batchExport,
    status: 201,
    handle: ({ db, auth, params, body }) => {
      const org = organizationAccess(db, auth, params.organization_id)
      const id = insertBatchExport(db, org.id, valuesForCreate(org, body))
      return { status: 201, body: findBatchExport(db, org.id, id) }
    },
  }),
  route({
    method: 'GET',
    path: `${base}:id/`,
    params: one,
    scope: 'batch_export:read',
    summary: 'Retrieve a batch export with its latest 10 runs (secrets never returned)',
    tag,
    response: batchExport,
    handle: ({ db, auth, params }) => {
      const { org, row } = exportRow(db, auth, params)
      return { status: 200, body: findBatchExport(db, org.id, row.id) }
    },
  }),
  route({
    method: 'PATCH',
    path: `${base}:id/`,
    params: one,
    scope: 'batch_export:write',
    summary: 'Update a batch export; pausing stamps last_paused_at; empty secrets keep the stored ones',
    tag,
    body: batchExportPatch,
    response: batchExport,
    load: ({ db, auth, params }) => exportRow(db, auth, params),
    handle: ({ db, loaded: { org, row }, body }) => {
      updateExport(db, org, row, body, true)
      return { status: 200, body: findBatchExport(db, org.id, row.id) }
    },
  }),
  route({
    method: 'PUT',
    path: `${base}:id/`,
    params: one,
    scope: 'batch_export:write',
    summary: 'Replace a batch export (as DRF: name, destination and interval required); config merges as in PATCH',
    tag,
    body: batchExportPut,
    response: batchExport,
    load: ({ db, auth, params }) => exportRow(db, auth, params),
    handle: ({ db, loaded: { org, row }, body }) => {
      updateExport(db, org, row, body, false)
      return { status: 200, body: findBatchExport(db, org.id, row.id) }
    },
  }),
  route({
    method: 'DELETE',
    path: `${base}:id/`,
    params: one,
    scope: 'batch_export:write',
    summary: 'Delete a batch export',
    tag,
    status: 204,
    handle: ({ db, auth, params }) => {
      deleteBatchExport(db, exportRow(db, auth, params).row.id)
      return { status: 204 }
    },
  }),
  route({
    method: 'POST',
    path: `${base}:id/backfill/`,
    params: one,
    scope: 'batch_export:write',
    summary:
      'Backfill a range (deprecated): one run per interval, exported oldest first; the same range while it is still under way returns the same backfill',
    tag,
    deprecated: true,
    body: backfillInput,
    response: backfillResult,
    status: 200,
    handle: ({ db, auth, params, body }) => {
      const { row } = exportRow(db, auth, params)
      const windows = backfillWindowsFor(row.interval, body.start_at, body.end_at)
      return { status: 200, body: { backfill_id: createBackfill(db, row.id, body, windows) } }
    },
  }),
  route({
    method: 'GET',
    path: `${base}:id/logs/`,
    params: one,
    scope: 'batch_export:read',
    summary: 'Log entries of a batch export, newest first',
    tag,
    query: logsQuery,
    repeatable: ['level'],
    response: paginated(logEntry),
    handle: ({ db, auth, params, query, url, origin }) => {
      const { row } = exportRow(db, auth, params)
      const limit = query.limit ?? 50
      const offset = query.offset ?? 0
      const { count, rows } = queryLogs(db, row.id, query, limit, offset)
      return { status: 200, body: envelope(url, origin, { limit, offset }, count, rows, 50) }
    },
  }),
]
