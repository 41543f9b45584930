import {
  offsetDayOf,
  offsetHourOf,
  windowClosingAt,
  windowEndsBetween,
  nextWindowEnd,
  type Schedule,
} from '../../src/contracts/batch-export-schedule'
import { RUNNABLE_DESTINATION_TYPES } from '../../src/contracts/batch-exports'
import { insertScheduledRun } from '../db/batch-export-runs'
import { activeExportRows, setScheduledThrough, type ExportRow } from '../db/batch-exports'
import { writeTransaction, type Db } from '../db/database'
import type { Clock } from './clock'
import { writeLog } from './logs'

/** At most this many missed windows are queued at once after downtime; older ones are skipped with a warning. */
export const MAX_CATCH_UP_WINDOWS = 1000

export const scheduleOf = (row: Pick<ExportRow, 'interval' | 'timezone' | 'interval_offset'>): Schedule => ({
  interval: row.interval,
  timezone: row.timezone,
  offset_day: offsetDayOf(row.interval, row.interval_offset),
  offset_hour: offsetHourOf(row.interval, row.interval_offset),
})

const iso = (ms: number) => new Date(ms).toISOString()

/**
 * Turns the clock into due windows: for every unpaused export the engine can run, one Starting
 * run per window that closed since the scheduler last looked (`scheduled_through`), never before
 * the export was created, inside `[start_at, end_at]`. Runs and the new `scheduled_through` are
 * written in one transaction. Returns how many runs it queued.
 */
export function createScheduler(db: Db, clock: Clock) {
  // The next window end per export, valid while the export's schedule fields stay the same.
  const nextEnd = new Map<string, { key: string; end: number }>()

  function dueWindows(row: ExportRow, now: number): number[] {
    const through = Date.parse(row.scheduled_through ?? row.created_at)
    const startBound = row.start_at ? Date.parse(row.start_at) - 1 : -Infinity
    const after = Math.max(through, Date.parse(row.created_at), startBound)
    const until = Math.min(now, row.end_at ? Date.parse(row.end_at) : Infinity)
    const key = `${after}|${row.interval}|${row.timezone}|${row.interval_offset}`
    let cached = nextEnd.get(row.id)
    if (cached?.key !== key) nextEnd.set(row.id, (cached = { key, end: nextWindowEnd(scheduleOf(row), after) }))
    if (cached.end > until) return []
    return windowEndsBetween(scheduleOf(row), after, until)
  }

  return function tick(): number {
    const now = clock.now()
    let queued = 0
    for (const row of activeExportRows(db, RUNNABLE_DESTINATION_TYPES)) {
      let ends = dueWindows(row, now)
      if (ends.length === 0) continue
      const all = ends.length
      if (all > MAX_CATCH_UP_WINDOWS) ends = ends.slice(-MAX_CATCH_UP_WINDOWS)
      writeTransaction(db, () => {
        if (all > MAX_CATCH_UP_WINDOWS)
          writeLog(
            db,
            clock,
            row.id,
            '',
            'WARNING',
            `Skipped ${all - MAX_CATCH_UP_WINDOWS} windows closing before ${iso(ends[0]!)}: after a long stop only the ` +
              `last ${MAX_CATCH_UP_WINDOWS} missed windows are queued. Backfill the rest if you need them.`,
          )
        for (const end of ends) {
          const w = windowClosingAt(row, end)
          if (insertScheduledRun(db, row.id, { start: iso(w.start), end: iso(w.end) }, iso(now))) queued++
        }
        setScheduledThrough(db, row.id, iso(ends.at(-1)!))
      })
    }
    return queued
  }
}
