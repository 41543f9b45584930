import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backfillResult, batchExport, errorBody, logEntry, organization, paginated } from '../../src/contracts'
import { startHarness, demoIds, type Harness } from '../test/harness'

let h: Harness
let orgId: string
let base: string
beforeAll(async () => {
  h = await startHarness()
  ;({ orgId } = await demoIds(h))
  base = `/api/organizations/${orgId}/batch_exports/`
})
afterAll(() => h.close())

const s3Body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Test export',
  model: 'events',
  interval: 'hour',
  destination: {
    type: 'S3',
    config: {
      bucket_name: 'my-bucket',
      region: 'us-east-1',
      prefix: 'x/',
      aws_access_key_id: 'AKIATEST',
      aws_secret_access_key: 'SUPERSECRET',
      ...overrides,
    },
  },
})

const send = async (method: string, path: string, body?: unknown) =>
  (await h.call(batchExport, method, path, { body })).body
const refused = async (method: string, path: string, body?: unknown) =>
  (await h.call(errorBody, method, path, { body })).body
const logs = paginated(logEntry)

describe('batch exports', () => {
  it('lists one project’s exports at PostHog’s project path; other projects and other organizations stay out', async () => {
    const { projectId, secondProjectId } = await demoIds(h)
    const all = (await h.call(paginated(batchExport), 'GET', base)).body.results
    for (const id of [projectId, secondProjectId]) {
      const res = await h.call(paginated(batchExport), 'GET', `/api/projects/${id}/batch_exports/`)
      expect(res.status).toBe(200)
      const expected = all.filter((e) => e.team_id === id)
      expect(res.body.count).toBe(expected.length)
      expect(res.body.results.map((e) => e.id)).toEqual(expected.map((e) => e.id))
    }
    expect(all.some((e) => e.team_id === secondProjectId)).toBe(true)
    expect((await h.call(errorBody, 'GET', '/api/projects/999999/batch_exports/')).status).toBe(404)
  })

  it('lists seeded exports with runs newest first, at most 10, and never a secret', async () => {
    const res = await h.call(paginated(batchExport), 'GET', base)
    expect(res.status).toBe(200)
    const page = res.body
    expect(page.count).toBe(5)
    const text = JSON.stringify(res.body)
    expect(text).not.toContain('demo-secret')
    expect(text).not.toContain('demo-password')
    expect(text).not.toContain('aws_access_key_id')
    for (const e of page.results) {
      expect(e.latest_runs.length).toBeLessThanOrEqual(10)
      const created = e.latest_runs.map((r) => r.created_at)
      expect([...created].sort().reverse()).toEqual(created)
    }
  })

  it('seeds histories the engine could have written: every run finished, none after a pause, counts from the events', async () => {
    const page = (await h.call(paginated(batchExport), 'GET', base)).body
    type SeededRun = {
      status: string
      data_interval_start: string
      data_interval_end: string
      records_completed: number
      backfill_id: string | null
    }
    for (const e of page.results) {
      const runs = h.db
        .prepare<[string], SeededRun>(
          'SELECT status, data_interval_start, data_interval_end, records_completed, backfill_id FROM batch_export_runs WHERE batch_export_id = ?',
        )
        .all(e.id)
      expect(runs.every((r) => ['Completed', 'Failed'].includes(r.status))).toBe(true)
      if (e.paused && e.last_paused_at) {
        const scheduled = runs.filter((r) => r.backfill_id === null)
        expect(scheduled.every((r) => r.data_interval_end <= e.last_paused_at!)).toBe(true)
      }
      for (const r of runs.filter((x) => x.status === 'Completed' && e.model === 'events')) {
        const inWindow = h.db
          .prepare('SELECT COUNT(*) FROM events WHERE team_id = ? AND inserted_at >= ? AND inserted_at < ?')
          .pluck()
          .get(e.team_id, Date.parse(r.data_interval_start), Date.parse(r.data_interval_end))
        expect(r.records_completed).toBe(inWindow)
      }
    }
    const live = page.results.find((e) => e.name === 'Event counts (dry run)')!
    expect(live).toMatchObject({ paused: false, destination: { type: 'NoOp' } })
    expect(live.latest_runs.every((r) => r.status === 'Completed')).toBe(true)
  })

  it('creates an S3 export with team from the first project, defaults filled, secrets not echoed', async () => {
    const res = await h.call(batchExport, 'POST', base, { body: s3Body() })
    expect(res.status).toBe(201)
    const created = res.body
    const { projectId } = await demoIds(h)
    expect(created.team_id).toBe(projectId)
    expect(created.destination.config).toMatchObject({
      bucket_name: 'my-bucket',
      file_format: 'JSONLines',
      compression: null,
    })
    expect(JSON.stringify(res.body)).not.toContain('SUPERSECRET')
    expect(JSON.stringify(res.body)).not.toContain('AKIATEST')
    expect(created.paused).toBe(false)
    expect(created.last_paused_at).toBeNull()
  })

  it.each([
    [{ bucket_name: 'Bad_Bucket' }, 'destination__config__bucket_name'],
    [{ region: 'mars-1' }, 'destination__config__region'],
    [{ file_format: 'JSONLines', compression: 'zstd' }, 'destination__config__compression'],
    [{ encryption: 'aws:kms' }, 'destination__config__kms_key_id'],
    [{ aws_secret_access_key: undefined }, 'destination__config__aws_secret_access_key'],
  ])('rejects invalid S3 config %j with attr %s', async (overrides, attr) => {
    const res = await h.call(errorBody, 'POST', base, { body: s3Body(overrides) })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ type: 'validation_error', attr })
  })

  it('rejects an end before the start and naive datetimes', async () => {
    const bad = await refused('POST', base, {
      ...s3Body(),
      start_at: '2026-01-02T00:00:00Z',
      end_at: '2026-01-01T00:00:00Z',
    })
    expect(bad.attr).toBe('end_at')
    const naive = await refused('POST', base, { ...s3Body(), start_at: '2026-01-02T00:00:00' })
    expect(naive.attr).toBe('start_at')
  })

  it('keeps the stored secret when a PATCH leaves it empty, and replaces it when given', async () => {
    const created = await send('POST', base, s3Body())
    const patch = await send('PATCH', `${base}${created.id}/`, {
      destination: { type: 'S3', config: { ...created.destination.config, prefix: 'y/', aws_secret_access_key: '' } },
    })
    expect(patch.destination.config.prefix).toBe('y/')
    const stored = (): Record<string, unknown> =>
      JSON.parse(
        h.db
          .prepare<[string], string>('SELECT destination_config FROM batch_exports WHERE id = ?')
          .pluck()
          .get(created.id) ?? '{}',
      )
    expect(stored().aws_secret_access_key).toBe('SUPERSECRET')
    await send('PATCH', `${base}${created.id}/`, {
      destination: { type: 'S3', config: { ...created.destination.config, aws_secret_access_key: 'NEWSECRET' } },
    })
    expect(stored().aws_secret_access_key).toBe('NEWSECRET')
  })

  it('stamps last_paused_at when paused, keeps it on resume, and accepts it from the body', async () => {
    const created = await send('POST', base, s3Body())
    const before = Date.now()
    const paused = await send('PATCH', `${base}${created.id}/`, { paused: true })
    expect(paused.paused).toBe(true)
    expect(Date.parse(paused.last_paused_at ?? '')).toBeGreaterThanOrEqual(before - 1000)
    const resumed = await send('PATCH', `${base}${created.id}/`, { paused: false })
    expect(resumed).toMatchObject({ paused: false, last_paused_at: paused.last_paused_at })
    const explicit = await send('PATCH', `${base}${created.id}/`, {
      paused: true,
      last_paused_at: '2026-01-01T00:00:00Z',
    })
    expect(explicit.last_paused_at).toBe('2026-01-01T00:00:00Z')
  })

  it('rejects a team_id from another organization', async () => {
    const other = (await h.call(organization, 'POST', '/api/organizations/', { body: { name: 'Other' } })).body
    expect(await refused('POST', base, { ...s3Body(), team_id: other.teams[0]!.id })).toMatchObject({ attr: 'team_id' })
  })

  it('validates a Postgres destination by type and hides its user and password', async () => {
    const pg = (config: Record<string, unknown>) => ({
      name: 'PG',
      interval: 'day',
      destination: { type: 'Postgres', config },
    })
    expect(await refused('POST', base, pg({ host: 'h', user: 'u', password: 'pw' }))).toMatchObject({
      attr: 'destination__config__database',
      detail: 'This field is required.',
    })
    expect(await refused('POST', base, pg({ host: 'h', database: 'd', table_name: 't', user: 'u' }))).toMatchObject({
      attr: 'destination__config__password',
    })
    const res = await h.call(batchExport, 'POST', base, {
      body: pg({ host: 'h', database: 'd', table_name: 't', user: 'u', password: 'pw' }),
    })
    expect(res.status).toBe(201)
    expect(res.body.destination.config).toEqual({
      host: 'h',
      port: 5432,
      database: 'd',
      schema: 'public',
      table_name: 't',
      has_self_signed_cert: false,
      include_events: null,
      exclude_events: null,
    })
  })

  it('says clearly which destination types it cannot run, and refuses to create them', async () => {
    for (const type of ['BigQuery', 'AwsS3', 'Snowflake']) {
      const res = await h.call(errorBody, 'POST', base, {
        body: { name: 'X', interval: 'day', destination: { type, config: {} } },
      })
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ attr: 'destination__type' })
      expect(res.body.detail).toContain(
        `This server cannot run ${type} exports: it exports to S3, Postgres, HTTP, NoOp.`,
      )
    }
  })

  it('backfills: one Starting run per interval; rejects future end, reversed range and naive times', async () => {
    const created = await send('POST', base, s3Body())
    const range = { start_at: '2026-01-01T00:00:00Z', end_at: '2026-01-01T05:00:00+00:00' }
    const ok = await h.call(backfillResult, 'POST', `${base}${created.id}/backfill/`, { body: range })
    expect(ok.status).toBe(200)
    // A double click: the same range while its runs are still queued is the same backfill.
    const again = await h.call(backfillResult, 'POST', `${base}${created.id}/backfill/`, { body: range })
    expect(again.body.backfill_id).toBe(ok.body.backfill_id)
    const detail = await send('GET', `${base}${created.id}/`)
    expect(detail.latest_runs).toHaveLength(5)
    expect(detail.latest_runs.every((r) => r.status === 'Starting' && r.backfill)).toBe(true)
    const backfill = `${base}${created.id}/backfill/`
    const future = new Date(Date.now() + 3_600_000).toISOString()
    expect((await refused('POST', backfill, { start_at: '2026-01-01T00:00:00Z', end_at: future })).attr).toBe('end_at')
    const reversed = { start_at: '2026-01-02T00:00:00Z', end_at: '2026-01-01T00:00:00Z' }
    expect((await refused('POST', backfill, reversed)).attr).toBe('start_at')
    const naive = { start_at: '2026-01-01T00:00:00', end_at: '2026-01-01T02:00:00Z' }
    expect((await refused('POST', backfill, naive)).attr).toBe('start_at')
  })

  it('serves logs newest first with level, search, run and limit filters', async () => {
    const list = (await h.call(paginated(batchExport), 'GET', base)).body.results
    const nightly = list.find((e) => e.name === 'Nightly S3 events')!
    const res = await h.call(logs, 'GET', `${base}${nightly.id}/logs/?limit=5`)
    expect(res.status).toBe(200)
    const page = res.body
    expect(page.results).toHaveLength(5)
    const stamps = page.results.map((l) => l.timestamp)
    expect([...stamps].sort().reverse()).toEqual(stamps)
    expect(page.next).toContain('offset=5')
    const errors = (await h.call(logs, 'GET', `${base}${nightly.id}/logs/?level=ERROR&level=warning&limit=500`)).body
    expect(errors.results.length).toBeGreaterThan(0)
    expect(errors.results.every((l) => ['ERROR', 'WARNING'].includes(l.level))).toBe(true)
    // PostHog's console sends the levels comma-separated.
    const commas = (await h.call(logs, 'GET', `${base}${nightly.id}/logs/?level=ERROR,warning&limit=500`)).body
    expect(commas.results).toEqual(errors.results)
    const search = (await h.call(logs, 'GET', `${base}${nightly.id}/logs/?search=exported&limit=500`)).body
    expect(search.results.every((l) => l.message.includes('exported'))).toBe(true)
    const runId = nightly.latest_runs[1]!.id
    const byRun = (await h.call(logs, 'GET', `${base}${nightly.id}/logs/?instance_id=${runId}`)).body
    expect(byRun.results.length).toBeGreaterThan(0)
    expect(byRun.results.every((l) => l.instance_id === runId)).toBe(true)
    expect((await refused('GET', `${base}${nightly.id}/logs/?limit=501`)).attr).toBe('limit')
    expect((await refused('GET', `${base}${nightly.id}/logs/?level=LOUD`)).attr).toBe('level__0')
  })

  it('deletes; afterwards 404', async () => {
    const created = await send('POST', base, s3Body())
    expect((await h.api('DELETE', `${base}${created.id}/`)).status).toBe(204)
    expect((await h.api('GET', `${base}${created.id}/`)).status).toBe(404)
  })

  it('404s for another organization’s export and for a non-UUID id', async () => {
    const created = await send('POST', base, s3Body())
    const other = (await h.call(organization, 'POST', '/api/organizations/', { body: { name: 'Elsewhere' } })).body
    expect((await h.api('GET', `/api/organizations/${other.id}/batch_exports/${created.id}/`)).status).toBe(404)
    expect((await h.api('GET', `${base}not-a-uuid/`)).status).toBe(404)
  })
})
