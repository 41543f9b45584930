import {
  SECRET_FIELDS,
  type BatchExportCreate,
  type BatchExportPatch,
  type BatchExportInterval,
} from '../../src/contracts/batch-exports'
import type { Organization } from '../../src/contracts/organizations'
import type { findBatchExportRow } from '../db/batch-exports'
import { type BatchExportValues, storedConfig } from '../db/batch-exports'
import { invalid } from '../http/errors'
import { nowIso } from '../db/database'
import type { z } from 'zod'
import type { batchExportCreate, batchExportPatch } from '../../src/contracts/batch-exports'

type Created = z.output<typeof batchExportCreate>
type Patched = z.output<typeof batchExportPatch>
type Row = NonNullable<ReturnType<typeof findBatchExportRow>>

export const INTERVAL_MS: Record<BatchExportInterval, number> = {
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
  'every 5 minutes': 300_000,
  'every 15 minutes': 900_000,
}

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
export function valuesForPatch(org: Organization, row: Row, body: Patched): BatchExportValues {
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

export const MAX_BACKFILL_RUNS = 1000

/** The data windows a backfill covers: one per interval from start, the last clipped to end. */
export function backfillWindows(interval: BatchExportInterval, startAt: string, endAt: string) {
  const step = INTERVAL_MS[interval]
  const start = Date.parse(startAt)
  const end = Date.parse(endAt)
  if (Math.ceil((end - start) / step) > MAX_BACKFILL_RUNS) {
    throw invalid(`That range would create more than ${MAX_BACKFILL_RUNS} runs; choose a shorter range.`, 'start_at')
  }
  const windows: { start: string; end: string }[] = []
  for (let t = start; t < end; t += step) {
    windows.push({ start: new Date(t).toISOString(), end: new Date(Math.min(t + step, end)).toISOString() })
  }
  return windows
}

export type { BatchExportCreate, BatchExportPatch }
