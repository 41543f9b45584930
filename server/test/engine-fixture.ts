import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { newId } from '../auth/keys'
import { insertBatchExport, type BatchExportValues } from '../db/batch-exports'
import { openDatabase, writeTransaction } from '../db/database'
import { insertEvents } from '../db/events'
import { createOrganization, findOrganization } from '../db/organizations'
import { teamsOf } from '../db/teams'
import { createUser } from '../db/users'
import { manualClock } from '../engine/clock'
import { createEngine, type EngineOptions } from '../engine/engine'

/**
 * A temporary database with one organization and project, events put where a test wants them,
 * exports made directly, and the engine on a clock the test moves.
 */
export function engineFixture(start = '2026-03-02T10:30:00Z') {
  const dir = mkdtempSync(join(tmpdir(), 'aa-engine-'))
  const path = join(dir, 'engine.sqlite')
  const { db } = openDatabase(path)
  const user = createUser(db, { email: `engine-${newId()}@example.com`, first_name: 'Engine', last_name: 'Test' })
  const orgId = createOrganization(db, user.id, { name: 'Engine Org' })
  const org = findOrganization(db, { userId: user.id, scopedOrganizations: null }, orgId)!
  const teamId = teamsOf(db, orgId)[0]!.id
  const clock = manualClock(start)

  return {
    db,
    dir,
    path,
    org,
    orgId,
    teamId,
    clock,
    /** `count` events spread evenly over `[from, to)`, stored as they happened. */
    addEvents(count: number, from: string | number, to: string | number, overrides: { event?: string } = {}) {
      const a = new Date(from).getTime()
      const b = new Date(to).getTime()
      const events = Array.from({ length: count }, (_, i) => {
        const t = Math.floor(a + ((b - a) * i) / count)
        return {
          uuid: newId(),
          event: overrides.event ?? (i % 3 === 0 ? '$autocapture' : '$pageview'),
          distinct_id: `user-${i % 17}`,
          properties: {
            $session_id: `s-${Math.floor(i / 5)}`,
            $current_url: `https://app.example.com/p/${i % 7}`,
            n: i,
          },
          timestamp: t,
          inserted_at: t,
          elements_chain: i % 3 === 0 ? 'button:text="Go"' : '',
        }
      })
      writeTransaction(db, () => {
        for (let i = 0; i < events.length; i += 5000) insertEvents(db, teamId, events.slice(i, i + 5000))
      })
      return events
    },
    createExport(
      values: Partial<BatchExportValues> & Pick<BatchExportValues, 'destination_type' | 'destination_config'>,
      createdAt = clock.now(),
    ) {
      return insertBatchExport(
        db,
        orgId,
        {
          team_id: teamId,
          name: 'Engine export',
          model: 'events',
          interval: 'hour',
          paused: false,
          last_paused_at: null,
          start_at: null,
          end_at: null,
          hogql_query: null,
          filters: null,
          timezone: 'UTC',
          interval_offset: null,
          ...values,
        },
        new Date(createdAt).toISOString(),
      )
    },
    engine(options: Partial<EngineOptions> = {}) {
      return createEngine({
        db,
        clock,
        pollMs: 50,
        cancelPollMs: 20,
        onError: (e) => {
          throw e
        },
        ...options,
      })
    },
    close() {
      db.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
export type EngineFixture = ReturnType<typeof engineFixture>
