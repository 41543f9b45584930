import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { batchExportRun, logEntry, paginated } from '../../src/contracts'
import { newId } from '../auth/keys'
import { insertBatchExport } from '../db/batch-exports'
import { openDatabase, writeTransaction } from '../db/database'
import { insertEvents } from '../db/events'
import { firstOrganizationId } from '../db/organizations'
import { teamsOf } from '../db/teams'
import { findUserByEmail } from '../db/users'
import { seedDemo } from '../seed/demo'
import { exited, randomPort, startServerProcess } from '../test/process'
import { S3RVER_KEY, startS3Server, type S3Server } from '../test/s3-server'

const KEY = 'phx_' + 'C'.repeat(43)
const WINDOW = { start_at: '2026-03-01T00:00:00Z', end_at: '2026-03-01T01:00:00Z' }
const EVENTS = 40_000

let s3: S3Server
beforeAll(async () => {
  s3 = await startS3Server(['crash'])
})
afterAll(() => s3.close())

describe('engine crash safety', () => {
  it('after kill -9 mid-run, a restart takes the run over and the window lands in its object once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aa-crash-'))
    const env = {
      PORT: String(randomPort()),
      DATABASE_PATH: join(dir, 'db.sqlite'),
      DEMO_API_KEY: KEY,
      RATE_LIMIT_PER_MINUTE: '0',
      ENGINE_POLL_MS: '100',
    }
    const base = `http://127.0.0.1:${env.PORT}`
    const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }
    try {
      // A database with a window big enough that its export is still running when the server dies.
      const { db } = openDatabase(env.DATABASE_PATH)
      seedDemo(db, { key: KEY })
      const orgId = firstOrganizationId(db, {
        userId: findUserByEmail(db, 'demo@example.com')!.id,
        scopedOrganizations: null,
      })!
      const teamId = teamsOf(db, orgId)[0]!.id
      const start = Date.parse(WINDOW.start_at)
      writeTransaction(db, () => {
        for (let i = 0; i < EVENTS; i += 5000)
          insertEvents(
            db,
            teamId,
            Array.from({ length: 5000 }, (_, j) => ({
              uuid: newId(),
              event: 'bulk',
              distinct_id: `u${(i + j) % 97}`,
              properties: { i: i + j, padding: 'p'.repeat(900) },
              timestamp: start + Math.floor(((i + j) * 3_600_000) / EVENTS),
              inserted_at: start + Math.floor(((i + j) * 3_600_000) / EVENTS),
            })),
          )
      })
      const exportId = insertBatchExport(db, orgId, {
        team_id: teamId,
        name: 'Crash test',
        model: 'events',
        destination_type: 'S3',
        destination_config: {
          bucket_name: 'crash',
          region: 'us-east-1',
          prefix: 'c/',
          endpoint_url: s3.endpoint,
          ...S3RVER_KEY,
        },
        interval: 'hour',
        paused: true,
        last_paused_at: null,
        start_at: null,
        end_at: null,
        hogql_query: null,
        filters: null,
        timezone: 'UTC',
        interval_offset: null,
      })
      db.close()
      const runs = `${base}/api/organizations/${orgId}/batch_exports/${exportId}/runs/`
      const runOf = async () =>
        paginated(batchExportRun).parse(await (await fetch(runs, { headers })).json()).results[0]

      const first = await startServerProcess(env)
      const backfill = await fetch(`${base}/api/organizations/${orgId}/batch_exports/${exportId}/backfill/`, {
        method: 'POST',
        headers,
        body: JSON.stringify(WINDOW),
      })
      expect(backfill.status).toBe(200)
      await expect.poll(async () => (await runOf())?.status, { timeout: 20_000, interval: 50 }).toBe('Running')
      first.child.kill('SIGKILL')
      await exited(first.child)
      const killed = await runOf().catch(() => undefined)
      expect(killed).toBeUndefined() // the server is gone

      const second = await startServerProcess(env)
      try {
        await expect.poll(async () => (await runOf())?.status, { timeout: 60_000, interval: 200 }).toBe('Completed')
        const logs = paginated(logEntry).parse(
          await (
            await fetch(`${base}/api/organizations/${orgId}/batch_exports/${exportId}/logs/?level=WARNING`, { headers })
          ).json(),
        )
        expect(logs.results.map((l) => l.message)).toContainEqual(
          expect.stringMatching(
            /^The server stopped while this run was exporting.*It will be retried now \(attempt 2 of 3\)\.$/,
          ),
        )
        const keys = await s3.keys('crash')
        expect(keys).toEqual(['c/2026-03-01T00:00:00+00:00-2026-03-01T01:00:00+00:00.jsonl'])
        const lines = (await s3.read('crash', keys[0]!)).toString('utf8').trimEnd().split('\n')
        expect(lines).toHaveLength(EVENTS)
        const uuids = lines.map((l) => z.object({ uuid: z.string() }).parse(JSON.parse(l)).uuid)
        expect(new Set(uuids).size).toBe(EVENTS)
      } finally {
        second.child.kill('SIGTERM')
        await exited(second.child)
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
