import type { z } from 'zod'
import {
  backfillRunCount,
  backfillWindows,
  isRunnableType,
  MAX_BACKFILL_RUNS,
  scheduleOffsetProblems,
  SECRET_FIELDS,
  type BatchExportInterval,
  type batchExportCreate,
  type batchExportPatch,
} from '../../src/contracts/batch-exports'
import type { Organization } from '../../src/contracts/organizations'
import { storedConfig, type BatchExportValues, type ExportRow } from '../db/batch-exports'
import { nowIso } from '../db/database'
import { invalid } from '../http/errors'
import { cannotRun } from '../engine/destinations'
import { checkConfig } from './destination-config'

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

type OffsetBody = { offset_day?: number | null; offset_hour?: number | null }

/**
 * PostHog's `_validate_interval_offset`: offset_day/offset_hour become `interval_offset` seconds
 * for daily and weekly exports; a partial update that names neither keeps the stored offset.
 */
function intervalOffset(interval: string, body: OffsetBody, stored: number | null, partial: boolean): number | null {
  const dayGiven = body.offset_day !== undefined
  const hourGiven = body.offset_hour !== undefined
  if (interval === 'day') {
    if (hourGiven) return body.offset_hour === null ? null : body.offset_hour! * 3600
    return partial ? stored : null
  }
  if (interval === 'week') {
    if (dayGiven || hourGiven) return (body.offset_day ?? 0) * 86_400 + (body.offset_hour ?? 0) * 3600
    return partial ? stored : null
  }
  return null
}

function checkOffsets(body: OffsetBody, interval: string) {
  const problem = scheduleOffsetProblems(body, interval)[0]
  if (problem) throw invalid(problem.message, problem.path)
}

/** Values for a new export: team from the first project unless given; paused stamps last_paused_at. */
export function valuesForCreate(org: Organization, body: Created): BatchExportValues {
  const type = body.destination.type
  if (!isRunnableType(type)) throw invalid(cannotRun(type), 'destination__type')
  const config = checkConfig(type, body.destination.config)
  const paused = body.paused ?? false
  return {
    team_id: teamOf(org, body.team_id),
    name: body.name,
    model: body.model,
    destination_type: type,
    destination_config: config,
    interval: body.interval,
    paused,
    last_paused_at: body.last_paused_at ?? (paused ? nowIso() : null),
    start_at: body.start_at ?? null,
    end_at: body.end_at ?? null,
    hogql_query: body.hogql_query ?? null,
    filters: body.filters ?? null,
    timezone: body.timezone ?? 'UTC',
    interval_offset: intervalOffset(body.interval, body, null, false),
  }
}

/** PostHog's `recursive_dict_merge`: nested objects merge key by key, anything else is replaced. */
export function mergeConfig(old: Record<string, unknown>, next: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...old, ...next }
  const isObject = (v: unknown): v is Record<string, unknown> =>
    Boolean(v) && typeof v === 'object' && !Array.isArray(v)
  for (const [key, value] of Object.entries(merged)) {
    if (isObject(value))
      merged[key] = mergeConfig(isObject(old[key]) ? old[key] : {}, isObject(next[key]) ? next[key] : {})
  }
  return merged
}

/**
 * Merges a PATCH (or a PUT, `partial: false`) onto the stored export, as PostHog's serializer
 * updates: `destination.config` merges into the stored config, empty or absent secrets keep the
 * stored ones, the merged config is checked whole, and type and model cannot change.
 */
export function valuesForUpdate(org: Organization, row: ExportRow, body: Patched, partial = true): BatchExportValues {
  if (body.model !== undefined && body.model !== row.model)
    throw invalid('Changing models is not supported. Create a new batch export instead.', 'model')
  const type = row.destination_type
  let config = storedConfig(row)
  if (body.destination) {
    const asked = body.destination.type
    if (asked !== undefined && asked !== type)
      throw invalid(
        `Cannot change destination type from '${type}' to '${asked}'. Delete this batch export and create a new one with the new destination type.`,
        'destination',
      )
    const patch = { ...(body.destination.config ?? {}) }
    for (const field of SECRET_FIELDS[type] ?? []) if (patch[field] === '' || patch[field] === null) delete patch[field]
    config = mergeConfig(config, patch)
    if (isRunnableType(type)) config = checkConfig(type, config)
  }
  const interval = body.interval ?? row.interval
  checkOffsets(body, interval)
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
    model: row.model,
    destination_type: type,
    destination_config: config,
    interval,
    paused,
    last_paused_at: lastPausedAt,
    start_at: startAt,
    end_at: endAt,
    hogql_query: body.hogql_query !== undefined ? body.hogql_query : row.hogql_query,
    filters: body.filters !== undefined ? body.filters : row.filters ? (JSON.parse(row.filters) as unknown) : null,
    timezone: body.timezone !== undefined ? (body.timezone ?? 'UTC') : row.timezone,
    interval_offset: intervalOffset(interval, body, row.interval_offset, partial),
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
