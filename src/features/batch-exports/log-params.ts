import { LOG_LEVELS, type LogLevel } from '../../contracts/batch-exports'
import type { LogFilters } from '../../api/batch-export-logs'

/** Logs filters live in the URL (`?tab=logs&level=ERROR&level=WARNING&q=bucket&run=<id>`). */
export function readLogFilters(search: URLSearchParams): LogFilters {
  const levels = search
    .getAll('level')
    .map((l) => l.toUpperCase())
    .filter((l): l is LogLevel => (LOG_LEVELS as readonly string[]).includes(l))
  return { levels: [...new Set(levels)], search: search.get('q') ?? '', runId: search.get('run') || null }
}

export function writeLogFilters(search: URLSearchParams, filters: LogFilters): URLSearchParams {
  const out = new URLSearchParams(search)
  out.delete('level')
  for (const level of LOG_LEVELS) if (filters.levels.includes(level)) out.append('level', level)
  if (filters.search) out.set('q', filters.search)
  else out.delete('q')
  if (filters.runId) out.set('run', filters.runId)
  else out.delete('run')
  return out
}
