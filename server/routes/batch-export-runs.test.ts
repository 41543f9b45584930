import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  backfillResult,
  batchExport,
  batchExportRun,
  destinationTest,
  errorBody,
  organization,
  paginated,
  testStep,
  type BatchExport,
} from '../../src/contracts'
import { exportRowById, storedConfig } from '../db/batch-exports'
import { startHarness, demoIds, type Harness } from '../test/harness'
import { S3RVER_KEY, startS3Server, type S3Server } from '../test/s3-server'

let h: Harness
let s3: S3Server
let orgId: string
let projectId: number
let base: string
let live: BatchExport
beforeAll(async () => {
  h = await startHarness()
  s3 = await startS3Server(['api-exports'])
  ;({ orgId, projectId } = await demoIds(h))
  base = `/api/organizations/${orgId}/batch_exports/`
  live = (await h.call(paginated(batchExport), 'GET', base)).body.results.find(
    (e) => e.name === 'Event counts (dry run)',
  )!
})
afterAll(async () => {
  await h.close()
  await s3.close()
})

const runsPage = paginated(batchExportRun)
const errorOf = async (method: string, path: string, body?: unknown) =>
  (await h.call(errorBody, method, path, { body })).body

const s3Config = (overrides: Record<string, unknown> = {}) => ({
  bucket_name: 'api-exports',
  region: 'us-east-1',
  prefix: 'api/',
  endpoint_url: s3.endpoint,
  ...S3RVER_KEY,
  ...overrides,
})

async function createS3(overrides: Record<string, unknown> = {}) {
  const res = await h.call(batchExport, 'POST', base, {
    body: {
      name: 'Runs test',
      interval: 'hour',
      paused: true,
      destination: { type: 'S3', config: s3Config() },
      ...overrides,
    },
  })
  expect(res.status).toBe(201)
  return res.body
}

describe('runs', () => {
  it('lists every run (not only the latest 10), newest first, in pages, under the organization and the project', async () => {
    const first = await h.api('GET', `${base}${live.id}/runs/?limit=50`)
    expect(first.status).toBe(200)
    const page = paginated(batchExportRun).parse(first.body)
    expect(page.count).toBeGreaterThan(60)
    expect(page.results).toHaveLength(50)
    const created = page.results.map((r) => r.created_at)
    expect([...created].sort().reverse()).toEqual(created)
    const second = await h.call(runsPage, 'GET', new URL(page.next!).pathname + new URL(page.next!).search)
    const all = [...page.results, ...second.body.results].map((r) => r.id)
    expect(new Set(all).size).toBe(Math.min(100, page.count))

    const viaProject = await h.call(
      runsPage,
      'GET',
      `/api/projects/${projectId}/batch_exports/${live.id}/runs/?limit=50`,
    )
    expect(viaProject.body.results).toEqual(page.results)
    const byWindow = await h.call(runsPage, 'GET', `${base}${live.id}/runs/?ordering=data_interval_start&limit=3`)
    const starts = byWindow.body.results.map((r) => r.data_interval_start)
    expect([...starts].sort()).toEqual(starts)
    expect((await errorOf('GET', `${base}${live.id}/runs/?ordering=status`)).attr).toBe('ordering')

    const one = await h.api('GET', `${base}${live.id}/runs/${page.results[3]!.id}/`)
    expect(one.body).toEqual(page.results[3])
  })

  it('hides another organization’s runs, and runs of another project', async () => {
    const other = (await h.call(organization, 'POST', '/api/organizations/', { body: { name: 'Runs elsewhere' } })).body
    expect((await h.api('GET', `/api/organizations/${other.id}/batch_exports/${live.id}/runs/`)).status).toBe(404)
    expect((await h.api('GET', `/api/projects/${other.teams[0]!.id}/batch_exports/${live.id}/runs/`)).status).toBe(404)
    expect((await h.api('GET', `${base}${live.id}/runs/not-a-run/`)).status).toBe(404)
  })

  it('cancels a queued run and refuses to cancel a finished one, with PostHog’s message', async () => {
    const exp = await createS3()
    await h.api('POST', `${base}${exp.id}/backfill/`, {
      body: { start_at: '2026-01-01T00:00:00Z', end_at: '2026-01-01T02:00:00Z' },
    })
    const runs = (await h.call(runsPage, 'GET', `${base}${exp.id}/runs/`)).body.results
    const cancelled = await h.api('POST', `${base}${exp.id}/runs/${runs[0]!.id}/cancel/`)
    expect(cancelled).toMatchObject({ status: 200, body: { cancelled: true } })
    expect((await h.api('GET', `${base}${exp.id}/runs/${runs[0]!.id}/`)).body).toMatchObject({
      status: 'Cancelled',
      finished_at: expect.any(String),
    })
    const again = await h.api('POST', `${base}${exp.id}/runs/${runs[0]!.id}/cancel/`)
    expect(again.status).toBe(400)
    expect(again.body).toMatchObject({
      type: 'validation_error',
      detail: "Cannot cancel a run that is in 'Cancelled' status",
    })
  })

  it('retries a run as a backfill of its window (a new run)', async () => {
    const run = live.latest_runs[2]!
    const res = await h.call(backfillResult, 'POST', `${base}${live.id}/runs/${run.id}/retry/`)
    expect(res).toMatchObject({ status: 200, body: { backfill_id: expect.any(String) } })
    const runs = (await h.call(runsPage, 'GET', `${base}${live.id}/runs/?limit=5`)).body.results
    expect(runs[0]).toMatchObject({
      status: 'Starting',
      backfill: res.body.backfill_id,
      data_interval_start: run.data_interval_start,
      data_interval_end: run.data_interval_end,
    })
    // A second click while it is queued is the same backfill.
    expect((await h.call(backfillResult, 'POST', `${base}${live.id}/runs/${run.id}/retry/`)).body.backfill_id).toBe(
      res.body.backfill_id,
    )
  })
})

describe('pause and unpause', () => {
  it('unpauses with a backfill of the windows missed while paused, and without one', async () => {
    const exp = await createS3()
    // Ten minutes past the hour, three hours ago: exactly three hourly windows have closed since.
    const pausedAt = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3 * 3_600_000 + 600_000).toISOString()
    await h.api('PATCH', `${base}${exp.id}/`, { body: { paused: true, last_paused_at: pausedAt } })
    expect(await h.api('POST', `${base}${exp.id}/unpause/`, { body: { backfill: 'yes' } })).toMatchObject({
      status: 400,
      body: { attr: 'backfill' },
    })
    const res = await h.api('POST', `${base}${exp.id}/unpause/`, { body: { backfill: true } })
    expect(res).toMatchObject({ status: 200, body: { paused: false } })
    const runs = (await h.call(runsPage, 'GET', `${base}${exp.id}/runs/`)).body.results
    expect(runs).toHaveLength(3)
    expect(runs.every((r) => r.backfill !== null)).toBe(true)
    expect((await h.call(batchExport, 'GET', `${base}${exp.id}/`)).body.paused).toBe(false)

    expect(await h.api('POST', `${base}${exp.id}/pause/`)).toMatchObject({ status: 200, body: { paused: true } })
    await h.api('POST', `${base}${exp.id}/unpause/`)
    expect((await h.call(runsPage, 'GET', `${base}${exp.id}/runs/`)).body.count).toBe(3)
  })
})

describe('updates as PostHog’s serializer does', () => {
  it('merges destination.config on PATCH: a new prefix keeps the bucket and the secrets', async () => {
    const exp = await createS3()
    const res = await h.call(batchExport, 'PATCH', `${base}${exp.id}/`, {
      body: { destination: { config: { prefix: 'new/' } } },
    })
    expect(res.status).toBe(200)
    expect(res.body.destination).toMatchObject({ type: 'S3', config: { bucket_name: 'api-exports', prefix: 'new/' } })
    expect(storedConfig(exportRowById(h.db, exp.id)!)).toMatchObject({
      ...S3RVER_KEY,
      prefix: 'new/',
      bucket_name: 'api-exports',
    })
    const broken = await h.api('PATCH', `${base}${exp.id}/`, {
      body: { destination: { config: { region: 'mars-1' } } },
    })
    expect(broken.body).toMatchObject({ type: 'validation_error', attr: 'destination__config__region' })
  })

  it('refuses to change the destination type or the model, with PostHog’s messages', async () => {
    const exp = await createS3()
    const type = await h.api('PATCH', `${base}${exp.id}/`, { body: { destination: { type: 'Postgres', config: {} } } })
    expect(type.status).toBe(400)
    expect(type.body).toMatchObject({
      attr: 'destination',
      detail:
        "Cannot change destination type from 'S3' to 'Postgres'. Delete this batch export and create a new one with the new destination type.",
    })
    const model = await h.api('PATCH', `${base}${exp.id}/`, { body: { model: 'persons' } })
    expect(model.body).toMatchObject({
      attr: 'model',
      detail: 'Changing models is not supported. Create a new batch export instead.',
    })
  })

  it('takes PUT with name, destination and interval required', async () => {
    const exp = await createS3()
    const missing = await h.api('PUT', `${base}${exp.id}/`, { body: { name: 'Only a name' } })
    expect(missing).toMatchObject({ status: 400, body: { detail: 'This field is required.' } })
    const res = await h.api('PUT', `${base}${exp.id}/`, {
      body: { name: 'Replaced', interval: 'day', destination: { type: 'S3', config: s3Config({ prefix: 'put/' }) } },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      name: 'Replaced',
      interval: 'day',
      offset_hour: 0,
      destination: { config: { prefix: 'put/' } },
    })
  })

  it('stores the schedule fields with PostHog’s rules and messages', async () => {
    const exp = await createS3({ interval: 'week', timezone: 'Europe/Berlin', offset_day: 1, offset_hour: 6 })
    expect(exp).toMatchObject({ timezone: 'Europe/Berlin', offset_day: 1, offset_hour: 6 })
    const cases: [Record<string, unknown>, string, string][] = [
      [{ timezone: 'Mars/Olympus' }, 'timezone', '"Mars/Olympus" is not a valid choice.'],
      [{ offset_day: 7 }, 'offset_day', 'Ensure this value is less than or equal to 6.'],
      [{ offset_hour: -1 }, 'offset_hour', 'Ensure this value is greater than or equal to 0.'],
      [{ interval: 'day', offset_day: 2 }, 'offset_day', 'offset_day is not applicable for non-weekly intervals'],
      [
        { interval: 'hour', offset_hour: 3 },
        'offset_hour',
        'offset_hour is not applicable for non-daily/weekly intervals',
      ],
    ]
    for (const [body, attr, detail] of cases) {
      const res = await h.api('PATCH', `${base}${exp.id}/`, { body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body).toMatchObject({ attr, detail })
    }
    // A PATCH naming neither offset keeps it; a daily interval reads the hour back; an hourly one drops it.
    expect((await h.api('PATCH', `${base}${exp.id}/`, { body: { name: 'Weekly' } })).body).toMatchObject({
      offset_day: 1,
      offset_hour: 6,
    })
    expect((await h.api('PATCH', `${base}${exp.id}/`, { body: { interval: 'day' } })).body).toMatchObject({
      offset_day: null,
      offset_hour: 6,
    })
    expect((await h.api('PATCH', `${base}${exp.id}/`, { body: { interval: 'hour' } })).body).toMatchObject({
      offset_day: null,
      offset_hour: null,
    })
    expect((await h.call(batchExport, 'PATCH', `${base}${exp.id}/`, { body: { timezone: null } })).body.timezone).toBe(
      'UTC',
    )
  })
})

describe('connection test (PostHog’s test, run_test_step_new, run_test_step)', () => {
  it('lists the steps of a destination type, and answers 404 for a type without a test here', async () => {
    const res = await h.api('GET', `${base}test/?destination=S3`)
    expect(destinationTest.parse(res.body).steps.map((s) => [s.name, s.result])).toEqual([
      ['Check S3 bucket exists', null],
      ['Write and delete a test object', null],
    ])
    expect((await h.api('GET', `${base}test/?destination=BigQuery`)).status).toBe(404)
    expect((await h.api('GET', `${base}test/`)).body).toMatchObject({ type: 'validation_error', attr: 'destination' })
  })

  it('runs each step for an unsaved export, with the destination’s own words on failure', async () => {
    const body = { name: 'New', interval: 'hour', destination: { type: 'S3', config: s3Config() } }
    for (const step of [0, 1]) {
      const res = await h.api('POST', `${base}run_test_step_new/`, { body: { ...body, step } })
      expect(testStep.parse(res.body).result).toEqual({ status: 'Passed', message: null })
    }
    const missing = await h.call(testStep, 'POST', `${base}run_test_step_new/`, {
      body: { ...body, destination: { type: 'S3', config: s3Config({ bucket_name: 'no-such-bucket' }) }, step: 0 },
    })
    expect(missing.body.result).toEqual({
      status: 'Failed',
      message: "Bucket 'no-such-bucket' does not exist or we don't have permissions to use it",
    })
    expect((await errorOf('POST', `${base}run_test_step_new/`, { ...body, step: 5 })).attr).toBe('step')
    const invalid = await errorOf('POST', `${base}run_test_step_new/`, {
      ...body,
      destination: { type: 'S3', config: s3Config({ region: 'nowhere' }) },
    })
    expect(invalid.attr).toBe('destination__config__region')
  })

  it('tests a saved export with the stored secrets when the editor leaves them empty', async () => {
    const exp = await createS3()
    const res = await h.call(testStep, 'POST', `${base}${exp.id}/run_test_step/`, {
      body: { step: 1, destination: { type: 'S3', config: { ...exp.destination.config, aws_secret_access_key: '' } } },
    })
    expect(res.body.result).toEqual({ status: 'Passed', message: null })
    const wrong = await h.call(testStep, 'POST', `${base}${exp.id}/run_test_step/`, {
      body: { step: 0, destination: { config: { aws_access_key_id: 'AKIAWRONG' } } },
    })
    expect(wrong.body.result?.status).toBe('Failed')
  })
})
