import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MAX_BACKFILL_RUNS, type RunStatus } from '../contracts/batch-exports'
import { runFixture } from '../testing/fixtures'
import { backfillWindows, planBackfill } from './backfill-plan'

const run = (status: RunStatus, start: string, end: string) => runFixture(status, start, end)

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-03-12T12:00:00Z'))
})
afterEach(() => vi.useRealTimers())

describe('backfill plan', () => {
  it('steps one interval at a time from the start and clips the last window to the end', () => {
    const plan = planBackfill({
      interval: 'hour',
      startAt: '2026-03-10T10:30:00Z',
      endAt: '2026-03-10T13:00:00Z',
      runs: [],
    })
    expect(plan.problems).toEqual([])
    expect(plan.runs.map((r) => [r.start.toISOString(), r.end.toISOString()])).toEqual([
      ['2026-03-10T10:30:00.000Z', '2026-03-10T11:30:00.000Z'],
      ['2026-03-10T11:30:00.000Z', '2026-03-10T12:30:00.000Z'],
      ['2026-03-10T12:30:00.000Z', '2026-03-10T13:00:00.000Z'],
    ])
  })

  it('reads offsets: a Berlin range is the same instants as its UTC equivalent', () => {
    const berlin = planBackfill({
      interval: 'day',
      startAt: '2026-03-01T00:00:00+01:00',
      endAt: '2026-03-03T00:00:00+01:00',
      runs: [],
    })
    expect(berlin.runs.map((r) => r.start.toISOString())).toEqual([
      '2026-02-28T23:00:00.000Z',
      '2026-03-01T23:00:00.000Z',
    ])
  })

  it('rejects a start that is not before the end, on start_at as the server does', () => {
    const plan = planBackfill({
      interval: 'day',
      startAt: '2026-03-05T00:00:00Z',
      endAt: '2026-03-05T00:00:00Z',
      runs: [],
    })
    expect(plan.problems).toEqual([{ field: 'start_at', message: 'The start must be before the end.' }])
    expect(plan.runs).toEqual([])
  })

  it('rejects an end in the future, on end_at', () => {
    const plan = planBackfill({
      interval: 'day',
      startAt: '2026-03-10T00:00:00Z',
      endAt: '2026-03-12T12:00:01Z',
      runs: [],
    })
    expect(plan.problems).toEqual([{ field: 'end_at', message: 'The end of a backfill cannot be in the future.' }])
  })

  it('accepts an end of exactly now', () => {
    const plan = planBackfill({
      interval: 'day',
      startAt: '2026-03-11T12:00:00Z',
      endAt: '2026-03-12T12:00:00Z',
      runs: [],
    })
    expect(plan.problems).toEqual([])
    expect(plan.runs).toHaveLength(1)
  })

  it('rejects naive date-times', () => {
    const plan = planBackfill({
      interval: 'day',
      startAt: '2026-03-10T00:00:00',
      endAt: '2026-03-11T00:00:00Z',
      runs: [],
    })
    expect(plan.problems).toEqual([{ field: 'start_at', message: expect.stringContaining('with its zone') }])
  })

  it(`refuses ranges of more than ${MAX_BACKFILL_RUNS} runs`, () => {
    const plan = planBackfill({
      interval: 'every 5 minutes',
      startAt: '2026-03-01T00:00:00Z',
      endAt: '2026-03-05T00:00:00Z',
      runs: [],
    })
    expect(plan.problems[0]).toMatchObject({
      field: 'start_at',
      message: expect.stringContaining('more than 1000 runs'),
    })
  })

  it('warns where a run would re-export a completed or running window, not a failed one', () => {
    const runs = [
      run('Completed', '2026-03-09T00:00:00Z', '2026-03-10T00:00:00Z'),
      run('Failed', '2026-03-10T00:00:00Z', '2026-03-11T00:00:00Z'),
      run('Running', '2026-03-11T00:00:00Z', '2026-03-12T00:00:00Z'),
    ]
    const plan = planBackfill({ interval: 'day', startAt: '2026-03-08T12:00:00Z', endAt: '2026-03-11T12:00:00Z', runs })
    expect(plan.runs.map((r) => r.overlaps.map((o) => o.status))).toEqual([
      ['Completed'], // 8 Mar 12:00 – 9 Mar 12:00 touches the completed 9 Mar
      ['Completed'], // 9 Mar 12:00 – 10 Mar 12:00: the failed window is fine to redo
      ['Running'], // 10 Mar 12:00 – 11 Mar 12:00
    ])
    expect(plan.overlapping).toBe(3)
  })

  it('does not count windows that only touch at a boundary as overlapping', () => {
    const runs = [run('Completed', '2026-03-09T00:00:00Z', '2026-03-10T00:00:00Z')]
    const plan = planBackfill({ interval: 'day', startAt: '2026-03-10T00:00:00Z', endAt: '2026-03-11T00:00:00Z', runs })
    expect(plan.overlapping).toBe(0)
  })

  it('creates the same windows as the server for a whole number of intervals', () => {
    const windows = backfillWindows(
      'every 15 minutes',
      Date.parse('2026-03-10T10:00:00Z'),
      Date.parse('2026-03-10T11:00:00Z'),
    )
    expect(windows).toHaveLength(4)
    expect(windows.at(-1)!.end.toISOString()).toBe('2026-03-10T11:00:00.000Z')
  })
})
