import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordingsListPage } from '../contracts/recordings-list-query'
import type { SessionRecording } from '../contracts/session-recordings'
import { demoIds, startHarness, type Harness } from '../../server/test/harness'
import { recordingListParams, type RecordingListView } from './recordings-query'

const view = (
  filters: RecordingListView['filters'],
  order: RecordingListView['order'] = 'start_time',
  descending = true,
) => ({
  page: { limit: 50, offset: 0 },
  order,
  descending,
  filters,
})

describe('the recordings list request', () => {
  it("sends order, direction and dates in PostHog's RecordingsQuery form", () => {
    expect(recordingListParams(view({ date_from: '-7d', date_to: '2026-03-01' }, 'duration', false), true)).toEqual({
      limit: 50,
      offset: 0,
      order: 'duration',
      order_direction: 'ASC',
      date_from: '-7d',
      date_to: '2026-03-01',
    })
  })

  it('asks for every recording without a date filter (PostHog would start three days back)', () => {
    expect(recordingListParams(view({}), true).date_from).toBe('all')
  })

  it('sends the minimum duration as a having_predicates duration filter and console errors as a level filter', () => {
    const params = recordingListParams(view({ min_duration: '90', has_console_errors: 'true' }), true)
    expect(JSON.parse(String(params.having_predicates))).toEqual([
      { type: 'recording', key: 'duration', operator: 'gte', value: 90 },
    ])
    expect(JSON.parse(String(params.console_log_filters))).toEqual([
      { type: 'log_entry', key: 'level', operator: 'exact', value: ['error'] },
    ])
    expect(params).not.toHaveProperty('min_duration')
    expect(params).not.toHaveProperty('has_console_errors')
  })

  it("sends the start URL filter as a properties filter on the session's entry URL", () => {
    const contains = recordingListParams(view({ start_url: '/pricing' }), true)
    expect(JSON.parse(String(contains.properties))).toEqual([
      { type: 'session', key: '$entry_current_url', operator: 'icontains', value: '/pricing' },
    ])
    const regex = recordingListParams(view({ start_url_regex: '^https://[^/]+/docs' }), true)
    expect(JSON.parse(String(regex.properties))).toEqual([
      { type: 'session', key: '$entry_current_url', operator: 'regex', value: '^https://[^/]+/docs' },
    ])
    expect(regex).not.toHaveProperty('start_url_regex')
  })

  it('sends what PostHog has no field for only to the reference server (a real PostHog refuses unknown fields)', () => {
    const filters = { viewed: 'false', has_console_errors: 'false' }
    expect(recordingListParams(view(filters), true)).not.toHaveProperty('viewed')
    expect(recordingListParams(view(filters), true)).not.toHaveProperty('has_console_errors')
    expect(recordingListParams(view(filters), false)).toMatchObject({ viewed: 'false', has_console_errors: 'false' })
  })
})

describe('the reference server reading the console’s request', () => {
  // What the console sends (src/api/recordings-query.ts: PostHog's form, plus viewed and "no console
  // errors" for this server only) selects the same rows in the same order as the filters it stands for.
  let h: Harness
  let base: string
  beforeAll(async () => {
    h = await startHarness()
    base = `/api/projects/${(await demoIds(h)).projectId}/session_recordings/`
  })
  afterAll(() => h.close())
  const page = recordingsListPage
  const list = async (query: string) => (await h.call(page, 'GET', `${base}?limit=1000&${query}`)).body
  const ids = (rows: SessionRecording[]) => rows.map((r) => r.id)
  const asQuery = (params: Record<string, string | number>) =>
    Object.entries(params)
      .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
      .join('&')
  const consoleList = async (view: RecordingListView) => {
    const query = asQuery({ ...recordingListParams(view, false), limit: 1000 })
    return (await h.call(page, 'GET', `${base}?${query}`)).body
  }
  const window = { limit: 1000, offset: 0 }

  it.each([
    [{ min_duration: '300', has_console_errors: 'true' }, 'min_duration=300&has_console_errors=true'],
    [{ viewed: 'false', has_console_errors: 'false' }, 'viewed=false&has_console_errors=false'],
    [{ date_from: '-3d', date_to: '-1d' }, 'date_from=-3d&date_to=-1d'],
    [{ start_url: 'PRICING' }, 'start_url=PRICING'],
    [{ start_url_regex: '/(docs|blog)' }, `start_url_regex=${encodeURIComponent('/(docs|blog)')}`],
  ])('%o means what the console form says', async (filters, consoleForm) => {
    const sent = await consoleList({ page: window, order: 'duration', descending: false, filters })
    const expected = await list(`${consoleForm}&order=-duration`)
    expect(sent.count).toBe(expected.count)
    expect(ids(sent.results)).toEqual(ids(expected.results))
    expect(sent.count).toBeGreaterThan(0)
  })
})
