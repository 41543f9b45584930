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
import { isUuid, organizationParam } from './params'
import type { Auth } from '../auth/authenticate'

const tag = 'batch_exports'
const base = '/api/organizations/:organization_id/batch_exports/'

export function exportRow(db: Db, auth: Auth, params: Record<string, string>) {
  const org = organizationParam(db, auth, params.organization_id)
  const id = params.id ?? ''
  const row = isUuid(id) ? findBatchExportRow(db, org.id, id.toLowerCase()) : undefined
  if (!row) throw notFound()
  return { org, row }
}

export const batchExportRoutes = [
  route({
    method: 'GET',
    path: base,
    scope: 'batch_export:read',
    summary: "List the organization's batch exports (newest first)",
    tag,
    query: pageQuery,
    response: paginated(batchExport),
    handle: ({ db, auth, params, query, url, origin }) => {
      const org = organizationParam(db, auth, params.organization_id)
      const { limit, offset } = pageOf(query)
      const results = listBatchExports(db, org.id, limit, offset)
      return { status: 200, body: envelope(url, origin, query, countBatchExports(db, org.id), results) }
    },
  }),
  route({
    method: 'POST',
    path: base,
    scope: 'batch_export:write',
    summary: 'Create a batch export',
    tag,
    body: batchExportCreate,
    response: batchExport,
    status: 201,
    handle: ({ db, auth, params, body }) => {
      const org = organizationParam(db, auth, params.organization_id)
      const id = insertBatchExport(db, org.id, valuesForCreate(org, body))
      return { status: 201, body: findBatchExport(db, org.id, id) }
    },
  }),
  route({
    method: 'GET',
    path: `${base}:id/`,
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
    scope: 'batch_export:write',
    summary: 'Update a batch export; pausing stamps last_paused_at; empty secrets keep the stored ones',
    tag,
    body: batchExportPatch,
    response: batchExport,
    handle: ({ db, auth, params, body }) => {
      const { org, row } = exportRow(db, auth, params)
      updateExport(db, org, row, body, true)
      return { status: 200, body: findBatchExport(db, org.id, row.id) }
    },
  }),
  route({
    method: 'PUT',
    path: `${base}:id/`,
    scope: 'batch_export:write',
    summary: 'Replace a batch export (as DRF: name, destination and interval required); config merges as in PATCH',
    tag,
    body: batchExportPut,
    response: batchExport,
    handle: ({ db, auth, params, body }) => {
      const { org, row } = exportRow(db, auth, params)
      updateExport(db, org, row, body, false)
      return { status: 200, body: findBatchExport(db, org.id, row.id) }
    },
  }),
  route({
    method: 'DELETE',
    path: `${base}:id/`,
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
