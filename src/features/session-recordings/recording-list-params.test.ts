import { describe, expect, it } from 'vitest'
import {
  dateRangeError,
  describeSort,
  listRequest,
  listRequestOf,
  orderToSort,
  parseFilters,
  writeFilters,
} from './recording-list-params'

describe('recording list params', () => {
  it('reads only filters the server accepts', () => {
    const search = new URLSearchParams(
      'viewed=false&has_console_errors=yes&min_duration=120&date_from=-7d&date_to=not-a-date&page=3',
    )
    expect(parseFilters(search)).toEqual({ viewed: 'false', min_duration: '120', date_from: '-7d' })
  })

  it('writes filters, drops empty ones and goes back to page 1', () => {
    const out = writeFilters(new URLSearchParams('page=4&sort=-duration&viewed=true'), {
      has_console_errors: 'true',
      viewed: undefined,
      date_from: '',
    })
    expect(out.toString()).toBe('sort=-duration&has_console_errors=true')
  })

  it("reads the AI helper's order back into the console's sort", () => {
    expect(orderToSort('console_error_count')).toBe('-console_error_count')
    expect(orderToSort('-activity_score')).toBe('activity_score')
    expect(orderToSort('password')).toBeNull()
  })

  it('builds one request from window, sort and filters, in PostHog’s form', () => {
    expect(listRequest({ limit: 50, offset: 100 }, '-click_count', { viewed: 'false' })).toEqual({
      limit: 50,
      offset: 100,
      order: 'click_count',
      order_direction: 'DESC',
      date_from: 'all',
      viewed: 'false',
    })
  })

  it('reads the request from a URL as the page does (what the route prefetches)', () => {
    const base = { limit: 50, offset: 0, order: 'start_time', order_direction: 'DESC', date_from: 'all' }
    expect(listRequestOf(new URLSearchParams(''))).toEqual(base)
    expect(listRequestOf(new URLSearchParams('page=3&page_size=25&sort=duration&viewed=false'))).toEqual({
      ...base,
      limit: 25,
      offset: 50,
      order: 'duration',
      order_direction: 'ASC',
      viewed: 'false',
    })
    // What the page would not use either: a size it does not offer, an unknown sort, a refused filter.
    expect(listRequestOf(new URLSearchParams('page_size=1000&sort=-password&min_duration=abc'))).toEqual(base)
  })

  it('describes a sort in words', () => {
    expect(describeSort(null)).toBe('newest first')
    expect(describeSort('start_time')).toBe('oldest first')
    expect(describeSort('-console_error_count')).toBe('most console errors first')
  })
})

describe('dateRangeError', () => {
  const now = Date.parse('2026-03-15T12:00:00Z')

  it('finds a range that ends before it starts, as the server reads the dates', () => {
    expect(dateRangeError({ date_from: '2026-03-10', date_to: '2026-03-01' }, now)).toMatch(
      /^Ends before From \(2026-03-10\)/,
    )
    // `-7d` is 8 March here: a To on 1 March is before it.
    expect(dateRangeError({ date_from: '-7d', date_to: '2026-03-01' }, now)).toMatch(/^Ends before From \(7d ago\)/)
    expect(dateRangeError({ date_from: '2026-03-10T10:00:00Z', date_to: '2026-03-10T09:00:00Z' }, now)).not.toBeNull()
  })

  it('accepts ranges that can match: one whole day, open ends, relative starts', () => {
    expect(dateRangeError({ date_from: '2026-03-10', date_to: '2026-03-10' }, now)).toBeNull()
    expect(dateRangeError({ date_from: '2026-03-10' }, now)).toBeNull()
    expect(dateRangeError({ date_to: '2026-03-01' }, now)).toBeNull()
    expect(dateRangeError({ date_from: '-7d', date_to: '2026-03-14' }, now)).toBeNull()
  })

  it('asks for up to 100 recordings a page, as every list offers', () => {
    expect(listRequestOf(new URLSearchParams('page_size=100&page=2'))).toMatchObject({ limit: 100, offset: 100 })
    expect(listRequestOf(new URLSearchParams('page_size=250'))).toMatchObject({ limit: 50, offset: 0 })
  })
})
