import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { listRuns } from '../../db/batch-export-runs'
import { createBackfill } from '../../routes/batch-export-actions'
import { engineFixture, type EngineFixture } from '../../test/engine-fixture'
import { startHttpReceiver, type HttpReceiver } from '../../test/http-receiver'
import { httpDestination } from './http'

let f: EngineFixture
let receiver: HttpReceiver
beforeEach(async () => {
  f = engineFixture('2026-03-02T10:30:00Z')
  receiver = await startHttpReceiver()
})
afterEach(async () => {
  f.close()
  await receiver.close()
})

const HOUR = { start: '2026-03-01T00:00:00.000Z', end: '2026-03-01T01:00:00.000Z' }

describe('HTTP destination (against a node receiver)', () => {
  it('POSTs the window as PostHog batch capture payloads of at most 5000 events, with the token', async () => {
    const sent = f.addEvents(12_000, HOUR.start, HOUR.end)
    const id = f.createExport({
      paused: true,
      destination_type: 'HTTP',
      destination_config: { url: receiver.url, token: 'phc_secret' },
    })
    createBackfill(f.db, id, { start_at: HOUR.start, end_at: HOUR.end }, [HOUR])
    await f.engine().drain()
    const run = listRuns(f.db, id, {}, 10, 0).results[0]!
    expect(run).toMatchObject({ status: 'Completed', records_completed: 12_000 })
    expect(receiver.received.map((r) => r.body.batch.length)).toEqual([5000, 5000, 2000])
    expect(
      receiver.received.every((r) => r.body.api_key === 'phc_secret' && r.body.historical_migration === true),
    ).toBe(true)
    expect(receiver.received[0]!.headers['content-type']).toBe('application/json')
    const events = receiver.events()
    expect(new Set(events.map((e) => e.uuid))).toEqual(new Set(sent.map((e) => e.uuid)))
    const click = events.find((e) => e.event === '$autocapture')!
    expect(Object.keys(click).sort()).toEqual(['distinct_id', 'event', 'properties', 'timestamp', 'uuid'])
    expect(click.properties).toMatchObject({ $geoip_disable: true, $elements_chain: 'button:text="Go"' })
    expect(run.bytes_exported).toBeGreaterThan(0)
  })

  it('tests the connection with an empty batch, and reports a refusal with its status and body', async () => {
    const [step] = httpDestination.testSteps
    const signal = AbortSignal.timeout(5000)
    expect(await step!.run({ url: receiver.url, token: 't' }, signal)).toEqual({ status: 'Passed', message: null })
    expect(receiver.received[0]!.body).toEqual({ api_key: 't', historical_migration: true, batch: [] })
    receiver.answer(() => ({ status: 403, body: 'token revoked' }))
    expect(await step!.run({ url: receiver.url, token: 't' }, signal)).toEqual({
      status: 'Failed',
      message: `The endpoint ${receiver.url} did not accept the request: NonRetryableResponseError (status: 403): token revoked`,
    })
  })
})
