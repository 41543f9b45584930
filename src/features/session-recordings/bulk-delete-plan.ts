import { plural } from '../../lib/format'

/** Whether a recording is shared publicly: true/false once checked, null if the check failed. */
export type SharingState = boolean | null | undefined

export type BulkDeletePlan = {
  ids: string[]
  total: number
  /** Recordings whose public link stops working. */
  shared: number
  /** Sharing could not be read (e.g. the key lacks sharing_configuration:read). */
  unknown: number
  /** Still waiting for some sharing checks. */
  checking: boolean
  impact: string
}

/** What a bulk delete will do, in one sentence: "12 recordings, 2 of them shared publicly — their links stop working". */
export function planBulkDelete(ids: readonly string[], sharing: ReadonlyMap<string, SharingState>): BulkDeletePlan {
  const unique = [...new Set(ids)]
  let shared = 0
  let unknown = 0
  let pending = 0
  for (const id of unique) {
    const state = sharing.get(id)
    if (state === true) shared++
    else if (state === null) unknown++
    else if (state === undefined) pending++
  }
  const total = unique.length
  let impact = plural(total, 'recording')
  if (shared === total && total > 0) {
    impact +=
      total === 1 ? ', shared publicly — its link stops working' : ', all shared publicly — their links stop working'
  } else if (shared > 0) {
    impact += `, ${shared} of them shared publicly — ${shared === 1 ? 'its link stops' : 'their links stop'} working`
  } else if (pending === 0 && unknown === 0) {
    impact += total === 1 ? ', not shared publicly' : ', none shared publicly'
  }
  if (unknown > 0) impact += ` (sharing of ${unknown} could not be checked)`
  return { ids: unique, total, shared, unknown, checking: pending > 0, impact }
}

export type DeleteOutcome = { id: string; ok: true } | { id: string; ok: false; error: string }

export type BulkDeleteSummary = {
  deleted: string[]
  failed: { id: string; error: string }[]
  message: string
}

/** "Deleted 12 recordings." or "Deleted 10 of 12 recordings; 2 failed." */
export function summarizeBulkDelete(outcomes: readonly DeleteOutcome[]): BulkDeleteSummary {
  const deleted = outcomes.filter((o) => o.ok).map((o) => o.id)
  const failed = outcomes.flatMap((o) => (o.ok ? [] : [{ id: o.id, error: o.error }]))
  const message =
    failed.length === 0
      ? `Deleted ${plural(deleted.length, 'recording')}.`
      : deleted.length === 0
        ? `Could not delete ${plural(failed.length, 'recording')}.`
        : `Deleted ${deleted.length} of ${plural(outcomes.length, 'recording')}; ${failed.length} failed.`
  return { deleted, failed, message }
}

/** Runs `task` over `items`, at most `limit` at a time, results in input order (`task` reports its own failures). */
export async function runLimited<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await task(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}
