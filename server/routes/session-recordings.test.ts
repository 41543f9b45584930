import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paginated, sessionRecording, sharingConfiguration } from '../../src/contracts'
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

const list = async (query = '') =>
  paginated(sessionRecording).parse((await h.api('GET', `${base}?limit=1000${query}`)).body)

describe('session recordings', () => {
  it('lists newest first in the contract shape with persons', async () => {
    const page = await list()
    expect(page.count).toBe(320)
    const starts = page.results.map((r) => r.start_time)
    expect([...starts].sort().reverse()).toEqual(starts)
    expect(page.results.some((r) => r.person?.name)).toBe(true)
    expect(page.results[0]!.ongoing).toBe(true)
  })

  it.each([
    ['duration', (r: { recording_duration: number }) => r.recording_duration],
    ['active_seconds', (r: { active_seconds: number | null }) => r.active_seconds ?? 0],
    ['console_error_count', (r: { console_error_count: number | null }) => r.console_error_count ?? 0],
    ['activity_score', (r: { activity_score: number | null }) => r.activity_score ?? 0],
    ['click_count', (r: { click_count: number | null }) => r.click_count ?? 0],
  ])('orders by %s descending by default and ascending with "-" or ASC', async (order, value) => {
    const desc = (await list(`&order=${order}`)).results.map(value)
    expect(desc).toEqual([...desc].sort((a, b) => b - a))
    const asc = (await list(`&order=-${order}`)).results.map(value)
    expect(asc).toEqual([...asc].sort((a, b) => a - b))
    const asc2 = (await list(`&order=${order}&order_direction=ASC`)).results.map(value)
    expect(asc2).toEqual(asc)
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
    ['limit=-1', 'limit'],
    ['offset=abc', 'offset'],
  ])('rejects %s naming the parameter', async (query, attr) => {
    const res = await h.api('GET', `${base}?${query}`)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ type: 'validation_error', attr })
  })

  it('retrieves, marks viewed and reassigns the person', async () => {
    const [first] = (await list('&viewed=false')).results
    const got = await h.api('GET', `${base}${first!.id}/`)
    expect(sessionRecording.parse(got.body).id).toBe(first!.id)
    const viewed = await h.api('PATCH', `${base}${first!.id}/`, { body: { viewed: true } })
    expect(viewed.body.viewed).toBe(true)
    expect((await h.api('GET', `${base}${first!.id}/`)).body.viewed).toBe(true)
    const moved = await h.api('PATCH', `${base}${first!.id}/`, { body: { person: { distinct_id: 'new-person-1' } } })
    expect(moved.body).toMatchObject({ distinct_id: 'new-person-1', person: { distinct_ids: ['new-person-1'] } })
    expect((await h.api('PATCH', `${base}${first!.id}/`, { body: { viewed: 'yes' } })).body.attr).toBe('viewed')
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
    const row = h.db.prepare('SELECT deleted_at FROM session_recordings WHERE id = ?').get(victim.id) as {
      deleted_at: string
    }
    expect(row.deleted_at).not.toBeNull()
  })

  it('keeps projects apart: another project’s recording is 404', async () => {
    const other = paginated(sessionRecording).parse((await h.api('GET', secondBase)).body).results[0]!
    expect((await h.api('GET', `${base}${other.id}/`)).status).toBe(404)
    expect((await h.api('GET', '/api/projects/999999/session_recordings/')).status).toBe(404)
    expect((await h.api('GET', '/api/projects/abc/session_recordings/')).status).toBe(404)
  })
})

describe('sharing', () => {
  it('reads without creating a row, toggles, and rotates the token', async () => {
    const rec = (await list()).results[20]!
    const count = () => (h.db.prepare('SELECT COUNT(*) AS n FROM sharing_configurations').get() as { n: number }).n
    const rows = count()
    const initial = await h.api('GET', `${base}${rec.id}/sharing/`)
    expect(sharingConfiguration.parse(initial.body)).toEqual({ created_at: null, enabled: false, access_token: null })
    expect(count()).toBe(rows)
    const on = await h.api('PATCH', `${base}${rec.id}/sharing/`, { body: { enabled: true } })
    expect(on.body.enabled).toBe(true)
    expect(on.body.access_token).toMatch(/^[A-Za-z0-9_-]{30}$/)
    const page = await fetch(`${h.base}/shared/${on.body.access_token}`)
    expect(page.status).toBe(200)
    const rotated = await h.api('POST', `${base}${rec.id}/sharing/refresh/`)
    expect(rotated.body.access_token).not.toBe(on.body.access_token)
    expect(rotated.body.enabled).toBe(true)
    expect((await fetch(`${h.base}/shared/${on.body.access_token}`)).status).toBe(404)
    const off = await h.api('PATCH', `${base}${rec.id}/sharing/`, { body: { enabled: false } })
    expect(off.body.enabled).toBe(false)
    expect((await fetch(`${h.base}/shared/${rotated.body.access_token}`)).status).toBe(404)
  })

  it('404s for an unknown recording', async () => {
    expect((await h.api('GET', `${base}nope/sharing/`)).status).toBe(404)
  })
})

describe('AI helpers (experimental)', () => {
  it('translates a description into a regex that compiles', async () => {
    const res = await h.api('POST', `${base}ai/regex/`, { body: { regex: 'urls containing checkout' } })
    expect(res.status).toBe(200)
    expect(res.body.result).toBe('success')
    expect(new RegExp(res.body.data.output).test('https://shop.example.com/checkout')).toBe(true)
  })

  it('answers error for phrases it cannot translate, never a made-up pattern', async () => {
    const res = await h.api('POST', `${base}ai/regex/`, { body: { regex: 'the feeling of a rainy tuesday' } })
    expect(res.status).toBe(200)
    expect(res.body.result).toBe('error')
  })

  it('turns a request into list filters the list endpoint accepts', async () => {
    const res = await h.api('POST', `${base}ai/filters/`, {
      body: { messages: [{ role: 'user', content: 'unwatched recordings with console errors from the last 7 days' }] },
    })
    expect(res.body.result).toBe('success')
    const query = new URLSearchParams(res.body.data.filters).toString()
    expect((await h.api('GET', `${base}?${query}`)).status).toBe(200)
  })

  it('validates the body', async () => {
    expect((await h.api('POST', `${base}ai/regex/`, { body: { regex: '' } })).body.attr).toBe('regex')
    expect((await h.api('POST', `${base}ai/filters/`, { body: { messages: [] } })).body.attr).toBe('messages')
  })
})
