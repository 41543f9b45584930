import type { z } from 'zod'
import {
  backfillRunCount,
  backfillWindows,
  MAX_BACKFILL_RUNS,
  SECRET_FIELDS,
  type BatchExportInterval,
  type batchExportCreate,
  type batchExportPatch,
} from '../../src/contracts/batch-exports'
import type { Organization } from '../../src/contracts/organizations'
import { storedConfig, type BatchExportValues, type ExportRow } from '../db/batch-exports'
import { nowIso } from '../db/database'
import { invalid } from '../http/errors'

type Created = z.output<typeof batchExportCreate>
type Patched = z.output<typeof batchExportPatch>

function teamOf(org: Organization, teamId: number | undefined): number {
  if (teamId === undefined) {
    const first = org.teams[0]
    if (!first) throw invalid('This organization has no project to export from.', 'team_id')
    return first.id
  }
  if (!org.teams.some((t) => t.id === teamId)) throw invalid('That project is not in this organization.', 'team_id')
  return teamId
}

/** Values for a new export: team from the first project unless given; paused stamps last_paused_at. */
export function valuesForCreate(org: Organization, body: Created): BatchExportValues {
  const paused = body.paused ?? false
  return {
    team_id: teamOf(org, body.team_id),
    name: body.name,
    model: body.model,
    destination_type: body.destination.type,
    destination_config: body.destination.config,
    interval: body.interval,
    paused,
    last_paused_at: body.last_paused_at ?? (paused ? nowIso() : null),
    start_at: body.start_at ?? null,
    end_at: body.end_at ?? null,
    hogql_query: body.hogql_query ?? null,
    filters: body.filters ?? null,
  }
}

/** Merges a PATCH onto the stored export; empty or absent secrets keep the stored ones. */
export function valuesForPatch(org: Organization, row: ExportRow, body: Patched): BatchExportValues {
  const stored = storedConfig(row)
  let type = row.destination_type
  let config = stored
  if (body.destination) {
    type = body.destination.type
    config = { ...body.destination.config } as Record<string, unknown>
    if (type === row.destination_type) {
      for (const field of SECRET_FIELDS[type]) {
        if (config[field] === undefined || config[field] === '') config[field] = stored[field]
      }
    }
  }
  const wasPaused = Boolean(row.paused)
  const paused = body.paused ?? wasPaused
  let lastPausedAt = body.last_paused_at !== undefined ? body.last_paused_at : row.last_paused_at
  if (paused && !wasPaused && body.last_paused_at === undefined) lastPausedAt = nowIso()
  const startAt = body.start_at !== undefined ? body.start_at : row.start_at
  const endAt = body.end_at !== undefined ? body.end_at : row.end_at
  if (startAt && endAt && Date.parse(endAt) <= Date.parse(startAt))
    throw invalid('The end must be after the start.', 'end_at')
  return {
    team_id: body.team_id !== undefined ? teamOf(org, body.team_id) : row.team_id,
    name: body.name ?? row.name,
    model: body.model ?? row.model,
    destination_type: type,
    destination_config: config,
    interval: body.interval ?? row.interval,
    paused,
    last_paused_at: lastPausedAt,
    start_at: startAt,
    end_at: endAt,
    hogql_query: body.hogql_query !== undefined ? body.hogql_query : row.hogql_query,
    filters: body.filters !== undefined ? body.filters : row.filters ? (JSON.parse(row.filters) as unknown) : null,
  }
}

/** The windows of a backfill as ISO instants; refuses a range that would create too many runs. */
export function backfillWindowsFor(interval: BatchExportInterval, startAt: string, endAt: string) {
  const start = Date.parse(startAt)
  const end = Date.parse(endAt)
  if (backfillRunCount(interval, start, end) > MAX_BACKFILL_RUNS) {
    throw invalid(`That range would create more than ${MAX_BACKFILL_RUNS} runs; choose a shorter range.`, 'start_at')
  }
  return backfillWindows(interval, start, end).map((w) => ({
    start: new Date(w.start).toISOString(),
    end: new Date(w.end).toISOString(),
  }))
}
