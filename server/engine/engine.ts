import type { Db } from '../db/database'
import { claimEngine, engineHeartbeat, releaseEngine } from '../db/engine-owner'
import { systemClock, type Clock } from './clock'
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy'
import { createRunner } from './runner'
import { createScheduler } from './scheduler'

export interface EngineOptions {
  db: Db
  clock?: Clock
  retry?: RetryPolicy
  /** How long the loop sleeps when nothing is due (real time). */
  pollMs?: number
  pageSize?: number
  cancelPollMs?: number
  /** Where the engine reports its own trouble (a bug, never a destination's error: those go to the export's logs). */
  onError?: (error: unknown) => void
}

/**
 * The export engine inside the server: the scheduler turns the clock into due runs, the runner
 * exports them one at a time. All state is in the database, so `start()` after a crash first takes
 * over the runs the dead process left Running.
 */
export function createEngine(options: EngineOptions) {
  const clock = options.clock ?? systemClock
  const schedule = createScheduler(options.db, clock)
  const runner = createRunner({
    db: options.db,
    clock,
    retry: options.retry ?? DEFAULT_RETRY_POLICY,
    pageSize: options.pageSize ?? 1000,
    cancelPollMs: options.cancelPollMs ?? 250,
  })
  const onError = options.onError ?? ((error: unknown) => console.error('[engine]', error))
  let stopped = true
  let loop: Promise<void> | null = null
  let wake: (() => void) | null = null

  /** Queues due windows, then runs everything that is due now; resolves when nothing is left. */
  async function drain() {
    schedule()
    while (await runner.runNext()) schedule()
  }

  async function run() {
    let beat = Date.now()
    while (!stopped) {
      try {
        if (Date.now() - beat > 15_000) {
          engineHeartbeat(options.db)
          beat = Date.now()
        }
        await drain()
      } catch (error) {
        onError(error)
      }
      if (stopped) break
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs ?? 1000)
        wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      wake = null
    }
  }

  return {
    clock,
    drain,
    recover: () => runner.recoverInterrupted(),
    /**
     * Takes over interrupted runs, then loops until `stop()`. Refuses (returning the owner) while
     * another live server runs the engine on this database: two would take over each other's runs.
     */
    start(): { pid: number; host: string } | null {
      if (!stopped) return null
      const owner = claimEngine(options.db)
      if (owner) return owner
      stopped = false
      runner.recoverInterrupted()
      loop = run()
      return null
    },
    /** Looks for due work now instead of at the next poll (after a backfill, a retry, a resume). */
    nudge: () => wake?.(),
    async stop() {
      if (stopped) return
      stopped = true
      wake?.()
      await loop
      releaseEngine(options.db)
    },
  }
}
export type Engine = ReturnType<typeof createEngine>
