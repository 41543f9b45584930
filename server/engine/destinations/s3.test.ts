import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { parquetMetadata, parquetReadObjects } from 'hyparquet'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { listRuns } from '../../db/batch-export-runs'
import { queryLogs } from '../../db/batch-export-logs'
import { createBackfill, retryRun } from '../../routes/batch-export-actions'
import { runRowById } from '../../db/batch-export-runs'
import { exportRowById, storedConfig } from '../../db/batch-exports'
import { engineFixture, type EngineFixture } from '../../test/engine-fixture'
import { S3RVER_KEY, startS3Server, type S3Server } from '../../test/s3-server'
import { s3Destination } from './s3'

let s3: S3Server
let f: EngineFixture
beforeAll(async () => {
  s3 = await startS3Server(['exports', 'other'])
})
afterAll(() => s3.close())
beforeEach(() => {
  f?.close()
  f = engineFixture('2026-03-02T10:30:00Z')
})

const HOUR = { start: '2026-03-01T00:00:00.000Z', end: '2026-03-01T01:00:00.000Z' }
const BASE_NAME = '2026-03-01T00:00:00+00:00-2026-03-01T01:00:00+00:00'

function s3Export(config: Record<string, unknown>) {
  return f.createExport({
    paused: true,
    destination_type: 'S3',
    destination_config: {
      bucket_name: 'exports',
      region: 'us-east-1',
      prefix: `t${Math.random().toString(36).slice(2, 8)}/`,
      endpoint_url: s3.endpoint,
      file_format: 'JSONLines',
      compression: null,
      ...S3RVER_KEY,
      ...config,
    },
  })
}

async function exportWindow(exportId: string, window = HOUR) {
  createBackfill(f.db, exportId, { start_at: window.start, end_at: window.end }, [window])
  await f.engine({ retry: { maxAttempts: 1, firstDelayMs: 1000, factor: 2, maxDelayMs: 1000 } }).drain()
  return listRuns(f.db, exportId, {}, 100, 0).results[0]!
}

const prefixOf = (exportId: string) => String(storedConfig(exportRowById(f.db, exportId)!).prefix)
const lines = (buffer: Buffer) =>
  buffer
    .toString('utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>)
const logsOf = (exportId: string) => queryLogs(f.db, exportId, {}, 500, 0).rows.map((l) => `${l.level} ${l.message}`)

describe('S3 destination (against s3rver)', () => {
  it('writes a gzip JSONLines file at PostHog’s key, with every event of the window, once', async () => {
    const sent = f.addEvents(250, HOUR.start, HOUR.end)
    f.addEvents(30, HOUR.end, '2026-03-01T02:00:00Z')
    const id = s3Export({ compression: 'gzip' })
    const run = await exportWindow(id)
    const key = `${prefixOf(id)}${BASE_NAME}.jsonl.gz`
    expect(await s3.keys('exports')).toContain(key)
    const body = await s3.read('exports', key)
    const rows = lines(gunzipSync(body))
    expect(rows).toHaveLength(250)
    expect(new Set(rows.map((r) => r.uuid))).toEqual(new Set(sent.map((e) => e.uuid)))
    expect(Object.keys(rows[0]!)).toEqual([
      'uuid',
      'event',
      'properties',
      'distinct_id',
      'timestamp',
      'created_at',
      'elements_chain',
      'person_id',
      'person_properties',
      '_inserted_at',
    ])
    expect(run).toMatchObject({
      status: 'Completed',
      records_completed: 250,
      records_total_count: 250,
      bytes_exported: body.length,
    })

    // A retry of the window replaces the object: the file holds the window once, not twice.
    retryRun(f.db, runRowById(f.db, run.id)!)
    await f.engine().drain()
    expect(lines(gunzipSync(await s3.read('exports', key)))).toHaveLength(250)
  })

  it('writes brotli JSONLines and fills the prefix template', async () => {
    f.addEvents(40, HOUR.start, HOUR.end)
    const id = s3Export({ compression: 'brotli', prefix: 'by-date/{table}/{year}/{month}/{day}/{hour}/' })
    const run = await exportWindow(id)
    expect(run.status).toBe('Completed')
    const key = `by-date/events/2026/03/01/01/${BASE_NAME}.jsonl.br`
    expect(lines(brotliDecompressSync(await s3.read('exports', key)))).toHaveLength(40)
  })

  it('writes Parquet (snappy) that a Parquet reader reads back', async () => {
    const sent = f.addEvents(120, HOUR.start, HOUR.end)
    const id = s3Export({ file_format: 'Parquet', compression: 'snappy' })
    const run = await exportWindow(id)
    expect(run.status).toBe('Completed')
    const body = await s3.read('exports', `${prefixOf(id)}${BASE_NAME}.parquet`)
    const file = new Uint8Array(body).buffer
    expect(parquetMetadata(file).row_groups[0]!.columns[0]!.meta_data!.codec).toBe('SNAPPY')
    const rows = (await parquetReadObjects({ file })) as Record<string, unknown>[]
    expect(rows).toHaveLength(120)
    expect(rows.map((r) => r.uuid).sort()).toEqual(sent.map((e) => e.uuid).sort())
    expect(JSON.parse(rows[0]!.properties as string)).toMatchObject({ $current_url: expect.any(String) })
  })

  it('splits by max_file_size_mb into numbered files with a manifest, and streams a large file in parts', async () => {
    f.addEvents(12_000, HOUR.start, HOUR.end)
    const split = s3Export({ max_file_size_mb: 1 })
    const run = await exportWindow(split)
    const prefix = prefixOf(split)
    const files = (await s3.keys('exports')).filter((k) => k.startsWith(prefix) && k.endsWith('.jsonl'))
    expect(files.length).toBeGreaterThan(1)
    expect(files).toContain(`${prefix}${BASE_NAME}-0.jsonl`)
    const manifest = z
      .object({ files: z.array(z.string()) })
      .parse(JSON.parse((await s3.read('exports', `${prefix}${BASE_NAME}_manifest.json`)).toString()))
    expect([...manifest.files].sort()).toEqual(files)
    let total = 0
    for (const key of files) total += lines(await s3.read('exports', key)).length
    expect(total).toBe(12_000)
    expect(run.records_completed).toBe(12_000)

    // Without a size limit the same window is one object of more than one 8 MiB part (a multipart upload).
    f.addEvents(14_000, HOUR.start, HOUR.end, { event: 'x'.repeat(300) })
    const whole = s3Export({})
    const big = await exportWindow(whole)
    const body = await s3.read('exports', `${prefixOf(whole)}${BASE_NAME}.jsonl`)
    expect(body.length).toBeGreaterThan(8 * 1024 * 1024)
    expect(lines(body)).toHaveLength(26_000)
    expect(big.bytes_exported).toBe(body.length)
  })

  it('fails with the destination’s error and an ERROR log on wrong credentials or a missing bucket', async () => {
    f.addEvents(10, HOUR.start, HOUR.end)
    const badKey = s3Export({ aws_access_key_id: 'AKIAWRONG', aws_secret_access_key: 'nope' })
    const denied = await exportWindow(badKey)
    expect(denied.status).toBe('Failed')
    expect(denied.latest_error).toMatch(/^InvalidAccessKeyId: /)
    expect(logsOf(badKey)[0]).toMatch(/^ERROR InvalidAccessKeyId: .* this will not pass on a retry/)

    const noBucket = s3Export({ bucket_name: 'missing-bucket' })
    const missing = await exportWindow(noBucket)
    expect(missing).toMatchObject({ status: 'Failed', latest_error: expect.stringMatching(/^NoSuchBucket: /) })
  })

  it('marks an unreachable endpoint retryable, keeping the socket error', async () => {
    f.addEvents(10, HOUR.start, HOUR.end)
    const id = s3Export({ endpoint_url: 'http://127.0.0.1:9' })
    createBackfill(f.db, id, { start_at: HOUR.start, end_at: HOUR.end }, [HOUR])
    await f.engine().drain()
    const run = listRuns(f.db, id, {}, 10, 0).results[0]!
    expect(run.status).toBe('FailedRetryable')
    expect(run.latest_error).toMatch(/ECONNREFUSED/)
    expect(logsOf(id)[0]).toMatch(/^WARNING .*ECONNREFUSED.* retrying at/)
  })

  it('tests the connection: bucket check, then a probe object written and deleted', async () => {
    const config = {
      bucket_name: 'other',
      region: 'us-east-1',
      prefix: 'probe/',
      endpoint_url: s3.endpoint,
      ...S3RVER_KEY,
    }
    const signal = AbortSignal.timeout(10_000)
    const [bucket, probe] = s3Destination.testSteps
    expect(await bucket!.run(config, signal)).toEqual({ status: 'Passed', message: null })
    expect(await probe!.run(config, signal)).toEqual({ status: 'Passed', message: null })
    expect(await s3.keys('other')).toEqual([])

    expect(await bucket!.run({ ...config, bucket_name: 'nope-bucket' }, signal)).toEqual({
      status: 'Failed',
      message: "Bucket 'nope-bucket' does not exist or we don't have permissions to use it",
    })
    const denied = await bucket!.run({ ...config, aws_access_key_id: 'AKIAWRONG' }, signal)
    expect(denied.status).toBe('Failed')
    expect(denied.message).toMatch(/^We couldn't access bucket 'other'/)
  })
})
