import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { recordingsQuery } from '../../src/contracts/session-recordings'
import { translateFilters } from './filters'

type Message = Parameters<typeof translateFilters>[0][number]

const ask = (content: string, history: Message[] = []) => translateFilters([...history, { role: 'user', content }])

/** Insists on success and on filters the list endpoint accepts as they are, with no other keys. */
const filtersFor = (content: string) => {
  const { result, data } = ask(content)
  expect(result, data.output).toBe('success')
  const parsed = z.strictObject(recordingsQuery.shape).safeParse(data.filters)
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true)
  return data.filters
}

describe('translateFilters', () => {
  it('understands the combined example and summarises it in one sentence', () => {
    const { result, data } = ask('unwatched recordings with console errors from the last 7 days longer than 2 minutes')
    expect(result).toBe('success')
    expect(data.filters).toEqual({ viewed: 'false', has_console_errors: 'true', date_from: '-7d', min_duration: '120' })
    expect(data.output).toBe('Unviewed recordings with console errors, from the last 7 days, at least 2m long.')
    expect(recordingsQuery.parse(data.filters)).toEqual({
      viewed: false,
      has_console_errors: true,
      date_from: '-7d',
      min_duration: 120,
    })
  })

  it.each([
    ['longest sessions first', { order: 'duration' }],
    ['shortest first', { order: '-duration' }],
    ['most active', { order: 'activity_score' }],
    ['least active ones', { order: '-activity_score' }],
    ['most active time', { order: 'active_seconds' }],
    ['the ones with the most errors', { order: 'console_error_count' }],
    ['fewest clicks', { order: '-click_count' }],
    ['most clicks', { order: 'click_count' }],
    ['newest first', { order: 'start_time' }],
    ['oldest first', { order: '-start_time' }],
    ['sort by duration ascending', { order: '-duration' }],
    ['sorted by activity score', { order: 'activity_score' }],
    ['order by clicks lowest first', { order: '-click_count' }],
  ])('sorts: %s', (content, expected) => expect(filtersFor(content)).toEqual(expected))

  it.each([
    ['since 2026-03-01', { date_from: '2026-03-01' }],
    ['after 2026-03-01', { date_from: '2026-03-02' }],
    ['before 2026-03-15', { date_to: '2026-03-14' }],
    ['until 2026-03-15', { date_to: '2026-03-15' }],
    ['between 2026-03-15 and 2026-03-01', { date_from: '2026-03-01', date_to: '2026-03-15' }],
    ['on 2026-03-05', { date_from: '2026-03-05', date_to: '2026-03-05' }],
    ['since March 1, 2026', { date_from: '2026-03-01' }],
    ['until 15th of march 2026', { date_to: '2026-03-15' }],
    ['from 2026/02/01', { date_from: '2026-02-01' }],
    ['yesterday', { date_from: '-1d' }],
    ['today', { date_from: '-24h' }],
    ['in the past 48 hours', { date_from: '-48h' }],
    ['last two weeks', { date_from: '-2w' }],
    ['last week', { date_from: '-1w' }],
    ['over the last 3 months', { date_from: '-3m' }],
    ['within 3 days', { date_from: '-3d' }],
    ['older than 30 days', { date_to: '-30d' }],
    ['more than a week ago', { date_to: '-1w' }],
  ])('dates: %s', (content, expected) => expect(filtersFor(content)).toEqual(expected))

  it.each([
    ['longer than 2 minutes', '120'],
    ['over 90 seconds', '90'],
    ['at least 1.5 minutes', '90'],
    ['2+ minutes', '120'],
    ['at least 45s', '45'],
    ['longer than an hour', '3600'],
    ['sessions longer than half an hour', '1800'],
    ['minimum duration of 10 min', '600'],
  ])('minimum duration: %s', (content, seconds) => expect(filtersFor(content)).toEqual({ min_duration: seconds }))

  it.each([
    ['unwatched', { viewed: 'false' }],
    ["recordings I haven't watched yet", { viewed: 'false' }],
    ['not viewed', { viewed: 'false' }],
    ['sessions nobody has seen', { viewed: 'false' }],
    ['already watched', { viewed: 'true' }],
    ['with errors', { has_console_errors: 'true' }],
    ['javascript exceptions', { has_console_errors: 'true' }],
    ['without console errors', { has_console_errors: 'false' }],
    ['error-free sessions', { has_console_errors: 'false' }],
    ['viewed ones without errors', { viewed: 'true', has_console_errors: 'false' }],
  ])('viewed and errors: %s', (content, expected) => expect(filtersFor(content)).toEqual(expected))

  it('treats "most errors" as a sort, not also as a filter', () => {
    expect(filtersFor('sessions with the most errors')).toEqual({ order: 'console_error_count' })
  })

  it('reads only the last user message of the conversation', () => {
    const history: Message[] = [
      { role: 'user', content: 'unwatched recordings' },
      { role: 'assistant', content: 'Unviewed recordings. Sorted by the most errors?' },
    ]
    expect(ask('longest first', history).data.filters).toEqual({ order: 'duration' })
    const trailing = translateFilters([...history.slice(0, 1), { role: 'assistant', content: 'oldest first' }])
    expect(trailing.data.filters).toEqual({ viewed: 'false' })
  })

  it('answers no filters at all when asked for everything', () => {
    const { result, data } = ask('show me all recordings')
    expect(result).toBe('success')
    expect(data).toEqual({ output: 'All recordings, no filters.', filters: {} })
  })

  it('summarises dates, durations and order', () => {
    expect(ask('viewed, between 2026-03-01 and 2026-03-15, over 90 seconds, oldest first').data.output).toBe(
      'Viewed recordings, from 2026-03-01 to 2026-03-15, at least 1m 30s long, oldest first.',
    )
    expect(ask('no errors older than a week, longer than 1 hour').data.output).toBe(
      'Recordings without console errors, older than a week, at least 1h long.',
    )
    expect(ask('since 2026-03-01 until 2026-03-10').data.output).toBe('Recordings, from 2026-03-01 to 2026-03-10.')
  })

  it.each(['hello there', 'show me the interesting ones', 'recordings', 'blah'])(
    'answers an error with example phrasings for %j',
    (content) => {
      const { result, data } = ask(content)
      expect(result).toBe('error')
      expect(data.filters).toBeNull()
      expect(data.output).toBe(
        `Could not turn "${content}" into recording filters. Try phrases like "unwatched recordings with console ` +
          'errors from the last 7 days", "longer than 2 minutes", "since 2026-03-01", "viewed ones without errors" ' +
          'or "most active first".',
      )
    },
  )

  it('says what it could not apply instead of guessing', () => {
    const max = ask('shorter than 2 minutes')
    expect(max.result).toBe('error')
    expect(max.data.output).toContain('Not applied: a maximum duration (only a minimum can be filtered).')
    const minutes = ask('unwatched from the last 30 minutes')
    expect(minutes.data.filters).toEqual({ viewed: 'false' })
    expect(minutes.data.output).toBe('Unviewed recordings. Not applied: time ranges shorter than an hour.')
    const invalid = ask('since 2026-02-30')
    expect(invalid).toEqual({ result: 'error', data: expect.objectContaining({ filters: null }) })
    expect(invalid.data.output).toContain('2026-02-30 is not a real date')
  })

  it('asks for a description when there is no user message', () => {
    const { result, data } = translateFilters([{ role: 'assistant', content: 'What are you looking for?' }])
    expect(result).toBe('error')
    expect(data.output).toMatch(/^Describe the recordings you want\. Try phrases like/)
  })

  it('is deterministic', () => {
    for (const content of ['unwatched, last 7 days, most active', 'nonsense', 'since 2026-03-01']) {
      expect(ask(content)).toEqual(ask(content))
    }
  })
})
