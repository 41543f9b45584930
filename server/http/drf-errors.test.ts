import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { batchExport, errorBody } from '../../src/contracts'
import { DATETIME_INVALID } from './drf-errors'
import { startHarness, demoIds, type Harness } from '../test/harness'

// Every case is a bad body sent to a real endpoint; the answers are DRF's field errors
// (rest_framework/fields.py default_error_messages) as drf-exceptions-hog renders them
// (exceptions_hog/handler.py: first error only, `invalid` → `invalid_input`, nested attr joined by `__`).
let h: Harness
let ids: Awaited<ReturnType<typeof demoIds>>
beforeAll(async () => {
  h = await startHarness()
  ids = await demoIds(h)
})
afterAll(() => h.close())

const s3 = (config: Record<string, unknown> = {}) => ({
  name: 'Drf',
  interval: 'hour',
  destination: {
    type: 'S3',
    config: {
      bucket_name: 'my-bucket',
      region: 'eu-west-1',
      prefix: 'x/',
      aws_access_key_id: 'AKIA',
      aws_secret_access_key: 'secret',
      ...config,
    },
  },
})

async function refused(method: string, path: string, body: unknown) {
  const res = await h.call(errorBody, method, path, { body })
  expect(res.status).toBe(400)
  expect(res.body.type).toBe('validation_error')
  return res.body
}

const orgs = '/api/organizations/'
const exportsOf = () => `/api/organizations/${ids.orgId}/batch_exports/`

describe('DRF error codes from bad bodies', () => {
  it('required: "This field is required."', async () => {
    expect(await refused('POST', orgs, {})).toMatchObject({
      code: 'required',
      detail: 'This field is required.',
      attr: 'name',
    })
    expect(await refused('POST', exportsOf(), { ...s3(), destination: { config: {} } })).toMatchObject({
      code: 'required',
      attr: 'destination__type',
    })
  })

  it('null: "This field may not be null."', async () => {
    expect(await refused('POST', orgs, { name: null })).toEqual({
      type: 'validation_error',
      code: 'null',
      detail: 'This field may not be null.',
      attr: 'name',
    })
    expect(await refused('POST', exportsOf(), { ...s3(), interval: null })).toMatchObject({
      code: 'null',
      attr: 'interval',
    })
  })

  it.each(['', '   '])('blank: %j is "This field may not be blank."', async (name) => {
    expect(await refused('POST', orgs, { name })).toMatchObject({
      code: 'blank',
      detail: 'This field may not be blank.',
      attr: 'name',
    })
  })

  it('max_length: "Ensure this field has no more than N characters."', async () => {
    expect(await refused('POST', orgs, { name: 'x'.repeat(65) })).toMatchObject({
      code: 'max_length',
      detail: 'Ensure this field has no more than 64 characters.',
      attr: 'name',
    })
  })

  it('invalid_choice: \'"month" is not a valid choice.\', nested with __', async () => {
    expect(await refused('POST', exportsOf(), { ...s3(), interval: 'month' })).toEqual({
      type: 'validation_error',
      code: 'invalid_choice',
      detail: '"month" is not a valid choice.',
      attr: 'interval',
    })
    expect(await refused('POST', exportsOf(), { ...s3(), destination: { type: 'Bogus', config: {} } })).toMatchObject({
      code: 'invalid_choice',
      detail: '"Bogus" is not a valid choice.',
      attr: 'destination__type',
    })
    const ai = `/api/projects/${ids.projectId}/session_recordings/ai/filters/`
    expect(await refused('POST', ai, { messages: [{ role: 'robot', content: 'hi' }] })).toMatchObject({
      code: 'invalid_choice',
      attr: 'messages__0__role',
    })
  })

  it.each([
    [orgs, { name: 5 }, 'name', 'Not a valid string.'],
    [orgs, { name: 'ok', enforce_2fa: 'yes' }, 'enforce_2fa', 'Must be a valid boolean.'],
    [orgs, { name: 'ok', logo_media_id: 'not-a-uuid' }, 'logo_media_id', 'Must be a valid UUID.'],
    ['exports', { ...s3(), team_id: 'abc' }, 'team_id', 'A valid integer is required.'],
    ['exports', { ...s3(), team_id: 1.5 }, 'team_id', 'A valid integer is required.'],
    ['exports', { ...s3(), start_at: '2026-01-01' }, 'start_at', DATETIME_INVALID],
    ['exports', s3({ endpoint_url: 'not a url' }), 'destination__config__endpoint_url', 'Enter a valid URL.'],
    ['exports', { ...s3(), destination: 'S3' }, 'destination', 'Invalid data. Expected a dictionary, but got str.'],
  ])('invalid_input for a wrong type or format: %s %j', async (path, body, attr, detail) => {
    const target = path === 'exports' ? exportsOf() : path
    expect(await refused('POST', target, body)).toEqual({
      type: 'validation_error',
      code: 'invalid_input',
      detail,
      attr,
    })
  })

  it('not_a_list, empty, min_value and max_value for lists and numbers', async () => {
    expect(await refused('POST', exportsOf(), s3({ include_events: '$pageview' }))).toMatchObject({
      code: 'not_a_list',
      detail: 'Expected a list of items but got type "str".',
      attr: 'destination__config__include_events',
    })
    const ai = `/api/projects/${ids.projectId}/session_recordings/ai/filters/`
    expect(await refused('POST', ai, { messages: [] })).toMatchObject({
      code: 'empty',
      detail: 'This list may not be empty.',
      attr: 'messages',
    })
    expect(await refused('POST', exportsOf(), { ...s3(), team_id: 0 })).toMatchObject({
      code: 'min_value',
      detail: 'Ensure this value is greater than or equal to 1.',
    })
    expect(await refused('POST', exportsOf(), s3({ max_file_size_mb: 100_001 }))).toMatchObject({
      code: 'max_value',
      detail: 'Ensure this value is less than or equal to 100000.',
      attr: 'destination__config__max_file_size_mb',
    })
  })

  it.each([
    [[1, 2], 'list'],
    ['name', 'str'],
    [5, 'int'],
    [true, 'bool'],
  ])('a top-level %j is refused whole: "Invalid data. Expected a dictionary, but got %s."', async (body, type) => {
    expect(await refused('POST', orgs, body)).toEqual({
      type: 'validation_error',
      code: 'invalid_input',
      detail: `Invalid data. Expected a dictionary, but got ${type}.`,
      attr: null,
    })
  })

  it('a null body is "No data provided" (Serializer.errors)', async () => {
    const res = await h.call(errorBody, 'POST', orgs, { raw: 'null', headers: { 'content-type': 'application/json' } })
    expect(res.body).toEqual({ type: 'validation_error', code: 'null', detail: 'No data provided', attr: null })
  })

  it('keeps the explanation of rules DRF has no code for, on the field they concern', async () => {
    expect(await refused('POST', exportsOf(), s3({ bucket_name: 'Bad_Bucket' }))).toMatchObject({
      code: 'invalid_input',
      detail: 'Use only lowercase letters, digits, dots and hyphens.',
      attr: 'destination__config__bucket_name',
    })
  })

  it('never answers "required" for a field that is present with the wrong type', async () => {
    for (const value of [5, 'true', [], {}, 'x']) {
      const body = await refused('PATCH', `${orgs}${ids.orgId}/`, { is_member_join_email_enabled: value })
      expect(body.code).not.toBe('required')
      expect(body.attr).toBe('is_member_join_email_enabled')
    }
  })
})

describe('fields DRF ignores', () => {
  it('takes back a batch export exactly as a GET returned it (read-only fields, runs and all)', async () => {
    const created = (await h.call(batchExport, 'POST', exportsOf(), { body: s3() })).body
    const got = await h.call(z.record(z.string(), z.unknown()), 'GET', `${exportsOf()}${created.id}/`)
    const sent = { ...got.body, name: 'Drf round trip', id: 'ignored', latest_runs: 'ignored too' }
    const res = await h.call(batchExport, 'PATCH', `${exportsOf()}${created.id}/`, { body: sent })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: created.id, name: 'Drf round trip', latest_runs: created.latest_runs })
  })
})
