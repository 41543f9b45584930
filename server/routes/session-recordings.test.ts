import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  aiFiltersOutput,
  aiRegexOutput,
  errorBody,
  sessionRecording,
  sessionRecordingPatchResult,
  sharingConfiguration,
  type SessionRecording,
} from '../../src/contracts'
import { recordingsListPage } from '../../src/contracts/recordings-list-query'
import { startHarness, demoIds, type Harness } from '../test/harness'

let h: Harness
let base: string
let secondBase: string
beforeAll(async () => {
  h = await startHarness()
  const ids = await demoIds(h)
  base = `/api/projects/${ids.projectId}/session_recordings/`
  secondBase = `/api/projects/${ids.secondProjectId}/session_recordings/`
})
afterAll(() => h.close())

const page = recordingsListPage
const list = async (query = '') => (await h.call(page, 'GET', `${base}?limit=1000${query}`)).body
const refused = async (query: string) => {
  const res = await h.call(errorBody, 'GET', `${base}?${query}`)
  expect(res.status).toBe(400)
  return res.body
}
const json = (value: unknown) => encodeURIComponent(JSON.stringify(value))
const ids = (rows: SessionRecording[]) => rows.map((r) => r.id)

describe('session recordings', () => {
  it('lists newest first in the contract shape with persons, 50 at a time as PostHog does', async () => {
    const all = await list()
    expect(all.count).toBe(320)
    const starts = all.results.map((r) => r.start_time)
    expect([...starts].sort().reverse()).toEqual(starts)
    expect(all.results.some((r) => r.person?.name)).toBe(true)
    expect(all.results[0]!.ongoing).toBe(true)
    const first = (await h.call(page, 'GET', base)).body
    expect(first.results).toHaveLength(50)
    expect(first.has_next).toBe(true)
    expect(first.next).toContain('limit=50&offset=50')
    expect((await h.call(page, 'GET', `${base}?offset=300`)).body.has_next).toBe(false)
  })

  it.each([
    ['duration', (r: SessionRecording) => r.recording_duration],
    ['active_seconds', (r: SessionRecording) => r.active_seconds ?? 0],
    ['console_error_count', (r: SessionRecording) => r.console_error_count ?? 0],
    ['activity_score', (r: SessionRecording) => r.activity_score ?? 0],
    ['click_count', (r: SessionRecording) => r.click_count ?? 0],
    ['inactive_seconds', (r: SessionRecording) => r.inactive_seconds ?? 0],
    ['keypress_count', (r: SessionRecording) => r.keypress_count ?? 0],
    ['mouse_activity_count', (r: SessionRecording) => r.mouse_activity_count ?? 0],
  ])('orders by %s descending by default and ascending with "-" or ASC', async (order, value) => {
    const desc = (await list(`&order=${order}`)).results.map(value)
    expect(desc).toEqual([...desc].sort((a, b) => b - a))
    const asc = (await list(`&order=-${order}`)).results.map(value)
    expect(asc).toEqual([...asc].sort((a, b) => a - b))
    const asc2 = (await list(`&order=${order}&order_direction=ASC`)).results.map(value)
    expect(asc2).toEqual(asc)
  })

  it('takes PostHog’s own order names: recording_duration and recording_ttl (least time left = oldest)', async () => {
    expect(ids((await list('&order=recording_duration')).results)).toEqual(ids((await list('&order=duration')).results))
    const ttl = ids((await list('&order=recording_ttl&order_direction=ASC')).results)
    expect(ttl).toEqual(ids((await list('&order=-start_time')).results))
  })

  it('filters by viewed, console errors, minimum duration and date range', async () => {
    const unviewed = await list('&viewed=false')
    expect(unviewed.results.every((r) => !r.viewed)).toBe(true)
    const errors = await list('&has_console_errors=true')
    expect(errors.results.every((r) => (r.console_error_count ?? 0) > 0)).toBe(true)
    const long = await list('&min_duration=300')
    expect(long.results.every((r) => r.recording_duration >= 300)).toBe(true)
    const recent = await list('&date_from=-2d')
    expect(recent.results.every((r) => Date.parse(r.start_time) >= Date.now() - 2 * 86_400_000 - 5000)).toBe(true)
    const all = await list()
    expect(unviewed.count + (await list('&viewed=true')).count).toBe(all.count)
    const day = all.results[50]!.start_time.slice(0, 10)
    const oneDay = await list(`&date_from=${day}&date_to=${day}`)
    expect(oneDay.results.length).toBeGreaterThan(0)
    expect(oneDay.results.every((r) => r.start_time.startsWith(day))).toBe(true)
  })

  it.each([
    ['order=name', 'order'],
    ['order_direction=UP', 'order_direction'],
    ['viewed=maybe', 'viewed'],
    ['min_duration=-5', 'min_duration'],
    ['has_console_errors=yes', 'has_console_errors'],
    ['date_from=yesterday', 'date_from'],
    ['date_to=2026-13-45', 'date_to'],
  ])('rejects %s naming the parameter', async (query, attr) => {
    expect(await refused(query)).toMatchObject({ type: 'validation_error', attr })
  })

  it('retrieves, marks viewed and reassigns the person; PATCH answers PostHog’s success with the recording', async () => {
    const [first] = (await list('&viewed=false')).results
    const got = await h.call(sessionRecording, 'GET', `${base}${first!.id}/`)
    expect(got.body.id).toBe(first!.id)
    const viewed = await h.call(sessionRecordingPatchResult, 'PATCH', `${base}${first!.id}/`, {
      body: { viewed: true },
    })
    expect(viewed.body).toMatchObject({ success: true, viewed: true, id: first!.id })
    expect((await h.call(sessionRecording, 'GET', `${base}${first!.id}/`)).body.viewed).toBe(true)
    const moved = await h.call(sessionRecordingPatchResult, 'PATCH', `${base}${first!.id}/`, {
      body: { person: { distinct_id: 'new-person-1' } },
    })
    expect(moved.body).toMatchObject({ distinct_id: 'new-person-1', person: { distinct_ids: ['new-person-1'] } })
    const wrong = await h.call(errorBody, 'PATCH', `${base}${first!.id}/`, { body: { viewed: 'yes' } })
    expect(wrong.body).toMatchObject({ code: 'invalid_input', detail: 'Must be a valid boolean.', attr: 'viewed' })
  })

  it('takes PostHog’s PATCH body: viewed with analyzed and player_metadata, and needs one of viewed/analyzed', async () => {
    const [rec] = (await list('&viewed=false')).results
    const res = await h.call(sessionRecordingPatchResult, 'PATCH', `${base}${rec!.id}/`, {
      body: { viewed: true, analyzed: true, player_metadata: { id: rec!.id, recording_duration: 10 } },
    })
    expect(res.body).toMatchObject({ success: true, viewed: true })
    expect(
      (await h.call(sessionRecordingPatchResult, 'PATCH', `${base}${rec!.id}/`, { body: { analyzed: true } })).status,
    ).toBe(200)
    // SessionRecordingUpdateSerializer.validate
    const none = await h.call(errorBody, 'PATCH', `${base}${rec!.id}/`, { body: { player_metadata: {} } })
    expect(none.body).toEqual({
      type: 'validation_error',
      code: 'invalid_input',
      detail: "At least one of 'viewed' or 'analyzed' must be provided.",
      attr: null,
    })
  })

  it('takes back what a GET returned (a GET-then-PATCH round trip), person included', async () => {
    const [rec] = (await list('&viewed=true')).results
    const got = await h.call(z.record(z.string(), z.unknown()), 'GET', `${base}${rec!.id}/`)
    const res = await h.call(sessionRecordingPatchResult, 'PATCH', `${base}${rec!.id}/`, {
      body: { ...got.body, viewed: false },
    })
    expect(res.body).toMatchObject({ viewed: false, distinct_id: rec!.distinct_id })
  })

  it('soft-deletes: later GET is 404 and the list no longer shows it', async () => {
    const before = await list()
    const victim = before.results[3]!
    expect((await h.api('DELETE', `${base}${victim.id}/`)).status).toBe(204)
    expect((await h.api('GET', `${base}${victim.id}/`)).status).toBe(404)
    expect((await h.api('DELETE', `${base}${victim.id}/`)).status).toBe(404)
    const after = await list()
    expect(after.count).toBe(before.count - 1)
    expect(after.results.some((r) => r.id === victim.id)).toBe(false)
    const deletedAt = h.db
      .prepare<[string], string | null>('SELECT deleted_at FROM session_recordings WHERE id = ?')
      .pluck()
      .get(victim.id)
    expect(deletedAt).not.toBeNull()
  })

  it('keeps projects apart: another project’s recording is 404', async () => {
    const other = (await h.call(page, 'GET', secondBase)).body.results[0]!
    expect((await h.api('GET', `${base}${other.id}/`)).status).toBe(404)
    expect((await h.api('GET', '/api/projects/999999/session_recordings/')).status).toBe(404)
    expect((await h.api('GET', '/api/projects/abc/session_recordings/')).status).toBe(404)
  })
})

// posthog/session_recordings/session_recording_api.py list → filter_from_params_to_query: every value
// JSON-decoded into a RecordingsQuery (frontend/src/queries/schema/schema-general.ts).
describe('the list in PostHog’s RecordingsQuery form', () => {
  it('filters by duration through having_predicates, as PostHog’s duration filter sends it', async () => {
    const predicate = [{ type: 'recording', key: 'duration', operator: 'gt', value: 300 }]
    const res = await list(`&having_predicates=${json(predicate)}`)
    expect(res.results.length).toBeGreaterThan(0)
    expect(res.results.every((r) => r.recording_duration > 300)).toBe(true)
    expect(res.count).toBe((await list('&min_duration=301')).count)
    const active = [{ type: 'recording', key: 'active_seconds', operator: 'lt', value: 60 }]
    expect((await list(`&having_predicates=${json(active)}`)).results.every((r) => (r.active_seconds ?? 0) < 60)).toBe(
      true,
    )
  })

  it('filters by console log level through console_log_filters, joined by the operand', async () => {
    const errors = [{ type: 'log_entry', key: 'level', operator: 'exact', value: ['error'] }]
    const withErrors = await list(`&console_log_filters=${json(errors)}`)
    expect(withErrors.count).toBe((await list('&has_console_errors=true')).count)
    const both = [
      { type: 'log_entry', key: 'level', operator: 'exact', value: ['error'] },
      { type: 'log_entry', key: 'level', operator: 'exact', value: ['warn'] },
    ]
    const and = await list(`&console_log_filters=${json(both)}`)
    expect(and.results.every((r) => (r.console_error_count ?? 0) > 0 && (r.console_warn_count ?? 0) > 0)).toBe(true)
    const or = await list(`&console_log_filters=${json(both)}&operand=OR`)
    expect(or.results.every((r) => (r.console_error_count ?? 0) > 0 || (r.console_warn_count ?? 0) > 0)).toBe(true)
    expect(or.count).toBeGreaterThanOrEqual(and.count)
  })

  it('takes relative and absolute dates in PostHog’s forms', async () => {
    const all = await list()
    expect((await list('&date_from=-30d&date_to=null')).count).toBeGreaterThan(0)
    expect((await list('&date_from=all')).count).toBe(all.count)
    const startOfToday = new Date()
    startOfToday.setUTCHours(0, 0, 0, 0)
    const today = await list('&date_from=dStart')
    expect(today.results.every((r) => Date.parse(r.start_time) >= startOfToday.getTime())).toBe(true)
    const stamp = all.results[10]!.start_time
    const upTo = await list(`&date_to=${encodeURIComponent(stamp)}`)
    expect(upTo.results.every((r) => r.start_time < stamp)).toBe(true)
  })

  it('narrows to person_uuid, session_ids and distinct_ids', async () => {
    const all = await list()
    const withPerson = all.results.find((r) => r.person)!
    const byPerson = await list(`&person_uuid=${withPerson.person!.uuid}`)
    expect(byPerson.results.length).toBeGreaterThan(0)
    expect(byPerson.results.every((r) => r.person?.uuid === withPerson.person!.uuid)).toBe(true)
    const chosen = [all.results[1]!.id, all.results[7]!.id]
    expect(ids((await list(`&session_ids=${json(chosen)}`)).results).sort()).toEqual([...chosen].sort())
    const distinct = withPerson.distinct_id!
    expect((await list(`&distinct_ids=${json([distinct])}`)).results.every((r) => r.distinct_id === distinct)).toBe(
      true,
    )
  })

  it('accepts filter_test_accounts, kind, and empty property/event filters, as PostHog’s UI sends them', async () => {
    const all = await list()
    const query = `&kind=RecordingsQuery&filter_test_accounts=true&properties=[]&events=[]&actions=[]&operand=AND`
    expect((await list(query)).count).toBe(all.count)
  })

  it('refuses, naming it, every filter it cannot apply: never silently ignored', async () => {
    expect(await refused('comment_text=hello')).toMatchObject({
      attr: 'comment_text',
      detail: 'This server does not support the filter "comment_text".',
    })
    expect(await refused('after=cursor')).toMatchObject({ attr: 'after' })
    const property = [{ type: 'person', key: 'email', operator: 'icontains', value: 'x' }]
    expect(await refused(`properties=${json(property)}`)).toMatchObject({ attr: 'properties__0__key' })
    const events = [{ id: '$pageview', type: 'events' }]
    expect(await refused(`events=${json(events)}`)).toMatchObject({ attr: 'events' })
    const message = [{ type: 'log_entry', key: 'message', operator: 'icontains', value: 'boom' }]
    expect(await refused(`console_log_filters=${json(message)}`)).toMatchObject({
      attr: 'console_log_filters__0__key',
    })
    const visited = [{ type: 'recording', key: 'visited_page', operator: 'exact', value: '/x' }]
    expect(await refused(`having_predicates=${json(visited)}`)).toMatchObject({ attr: 'having_predicates__0__key' })
    expect(await refused('having_predicates=not-json')).toMatchObject({
      attr: 'having_predicates',
      detail: 'Value must be valid JSON.',
    })
  })
})

describe('the start URL filter', () => {
  const urls = (rows: SessionRecording[]) => rows.map((r) => r.start_url ?? '')

  it('keeps recordings whose start URL contains the text, ignoring case, on the server (count included)', async () => {
    const all = await list()
    const expected = all.results.filter((r) => r.start_url?.toLowerCase().includes('/pricing'))
    expect(expected.length).toBeGreaterThan(0)
    const res = await list('&start_url=%2FPRICING')
    expect(res.count).toBe(expected.length)
    expect(ids(res.results)).toEqual(ids(expected))
    expect((await h.call(page, 'GET', `${base}?limit=2&start_url=%2Fpricing`)).body.count).toBe(expected.length)
  })

  it('keeps recordings whose start URL matches a regular expression, case-sensitive as PostHog’s regex', async () => {
    const pattern = '^https://shop\\.example\\.com/(pricing|checkout)'
    const expected = (await list()).results.filter((r) => new RegExp(pattern).test(r.start_url ?? ''))
    expect(expected.length).toBeGreaterThan(0)
    const res = await list(`&start_url_regex=${encodeURIComponent(pattern)}`)
    expect(ids(res.results)).toEqual(ids(expected))
    expect((await list(`&start_url_regex=${encodeURIComponent('^HTTPS://')}`)).count).toBe(0)
    // With the other filters: every rule holds.
    const both = await list(`&start_url_regex=${encodeURIComponent(pattern)}&min_duration=60`)
    expect(urls(both.results).every((u) => new RegExp(pattern).test(u))).toBe(true)
    expect(both.results.every((r) => r.recording_duration >= 60)).toBe(true)
  })

  it('takes PostHog’s $current_url / $entry_current_url property filters with icontains and regex', async () => {
    const contains = [{ type: 'event', key: '$current_url', operator: 'icontains', value: 'CHECKOUT' }]
    expect((await list(`&properties=${json(contains)}`)).count).toBe((await list('&start_url=checkout')).count)
    const regex = [{ type: 'session', key: '$entry_current_url', operator: 'regex', value: ['/login$', '/signup$'] }]
    const res = await list(`&properties=${json(regex)}`)
    expect(res.results.length).toBeGreaterThan(0)
    expect(urls(res.results).every((u) => /\/(login|signup)$/.test(u))).toBe(true)
  })

  it('refuses a pattern that is not a regular expression, or one that cannot run in linear time, naming it', async () => {
    expect(await refused('start_url_regex=(unclosed')).toMatchObject({
      attr: 'start_url_regex',
      detail: 'Not a valid regular expression.',
    })
    // Backtracking patterns could hold the server for minutes on a crafted URL: refused before any SQL.
    for (const slow of ['(a)\\1', '(?=x)y', 'a{100}']) {
      const body = await refused(`start_url_regex=${encodeURIComponent(slow)}`)
      expect(body).toMatchObject({ attr: 'start_url_regex' })
      expect(body.detail).toContain('linear time')
    }
    // Nested repeats are fine for a non-backtracking engine: accepted.
    expect((await list(`&start_url_regex=${encodeURIComponent('(a+)+$')}`)).count).toBe(0)
    const wrongKey = [{ type: 'event', key: '$browser', operator: 'icontains', value: 'x' }]
    expect(await refused(`properties=${json(wrongKey)}`)).toMatchObject({ attr: 'properties__0__key' })
  })
})

describe('sharing', () => {
  it('reads without creating a row, toggles, and rotates the token', async () => {
    const rec = (await list()).results[20]!
    const count = () => h.db.prepare<[], number>('SELECT COUNT(*) FROM sharing_configurations').pluck().get()
    const rows = count()
    const initial = await h.call(sharingConfiguration, 'GET', `${base}${rec.id}/sharing/`)
    expect(initial.body).toEqual({ created_at: null, enabled: false, access_token: null })
    expect(count()).toBe(rows)
    const on = (await h.call(sharingConfiguration, 'PATCH', `${base}${rec.id}/sharing/`, { body: { enabled: true } }))
      .body
    expect(on.enabled).toBe(true)
    expect(on.access_token).toMatch(/^[A-Za-z0-9_-]{30}$/)
    expect((await fetch(`${h.base}/shared/${on.access_token}`)).status).toBe(200)
    const rotated = (await h.call(sharingConfiguration, 'POST', `${base}${rec.id}/sharing/refresh/`)).body
    expect(rotated.access_token).not.toBe(on.access_token)
    expect(rotated.enabled).toBe(true)
    expect((await fetch(`${h.base}/shared/${on.access_token}`)).status).toBe(404)
    const off = await h.call(sharingConfiguration, 'PATCH', `${base}${rec.id}/sharing/`, { body: { enabled: false } })
    expect(off.body.enabled).toBe(false)
    expect((await fetch(`${h.base}/shared/${rotated.access_token}`)).status).toBe(404)
  })

  it('404s for an unknown recording', async () => {
    expect((await h.api('GET', `${base}nope/sharing/`)).status).toBe(404)
  })
})

describe('AI helpers (experimental)', () => {
  it('translates a description into a regex that compiles', async () => {
    const res = await h.call(aiRegexOutput, 'POST', `${base}ai/regex/`, { body: { regex: 'urls containing checkout' } })
    expect(res.body.result).toBe('success')
    expect(new RegExp(res.body.data.output).test('https://shop.example.com/checkout')).toBe(true)
  })

  it('answers error for phrases it cannot translate, never a made-up pattern', async () => {
    const res = await h.call(aiRegexOutput, 'POST', `${base}ai/regex/`, {
      body: { regex: 'the feeling of a rainy tuesday' },
    })
    expect(res.body.result).toBe('error')
  })

  it('turns a request into list filters the list endpoint accepts', async () => {
    const res = await h.call(aiFiltersOutput, 'POST', `${base}ai/filters/`, {
      body: { messages: [{ role: 'user', content: 'unwatched recordings with console errors from the last 7 days' }] },
    })
    expect(res.body.result).toBe('success')
    const query = new URLSearchParams(res.body.data.filters ?? {}).toString()
    expect((await h.api('GET', `${base}?${query}`)).status).toBe(200)
  })

  it('validates the body', async () => {
    expect((await h.call(errorBody, 'POST', `${base}ai/regex/`, { body: { regex: '' } })).body.attr).toBe('regex')
    expect((await h.call(errorBody, 'POST', `${base}ai/filters/`, { body: { messages: [] } })).body.attr).toBe(
      'messages',
    )
  })
})
