import { describe, expect, it } from 'vitest'
import { planBulkDelete, runLimited, summarizeBulkDelete, type SharingState } from './bulk-delete-plan'

const sharing = (entries: [string, SharingState][]) => new Map(entries)
const ids = (n: number) => Array.from({ length: n }, (_, i) => `r${i}`)

describe('bulk delete plan', () => {
  it('states how many recordings and how many public links stop working', () => {
    const all = ids(12)
    const plan = planBulkDelete(all, sharing(all.map((id, i) => [id, i < 2])))
    expect(plan).toMatchObject({ total: 12, shared: 2, unknown: 0, checking: false })
    expect(plan.impact).toBe('12 recordings, 2 of them shared publicly — their links stop working')
  })

  it('words the singular and the all/none cases', () => {
    expect(
      planBulkDelete(
        ['a', 'b'],
        sharing([
          ['a', true],
          ['b', false],
        ]),
      ).impact,
    ).toBe('2 recordings, 1 of them shared publicly — its link stops working')
    expect(planBulkDelete(['a'], sharing([['a', true]])).impact).toBe(
      '1 recording, shared publicly — its link stops working',
    )
    expect(
      planBulkDelete(
        ['a', 'b'],
        sharing([
          ['a', true],
          ['b', true],
        ]),
      ).impact,
    ).toBe('2 recordings, all shared publicly — their links stop working')
    expect(
      planBulkDelete(
        ['a', 'b'],
        sharing([
          ['a', false],
          ['b', false],
        ]),
      ).impact,
    ).toBe('2 recordings, none shared publicly')
  })

  it('says when sharing is still being checked or could not be', () => {
    const checking = planBulkDelete(['a', 'b'], sharing([['a', false]]))
    expect(checking.checking).toBe(true)
    const unknown = planBulkDelete(
      ['a', 'b', 'c'],
      sharing([
        ['a', true],
        ['b', null],
        ['c', null],
      ]),
    )
    expect(unknown).toMatchObject({ checking: false, shared: 1, unknown: 2 })
    expect(unknown.impact).toBe(
      '3 recordings, 1 of them shared publicly — its link stops working (sharing of 2 could not be checked)',
    )
  })

  it('counts each recording once', () => {
    expect(
      planBulkDelete(
        ['a', 'a', 'b'],
        sharing([
          ['a', false],
          ['b', false],
        ]),
      ).total,
    ).toBe(2)
  })

  it('summarizes what succeeded and what failed', () => {
    expect(
      summarizeBulkDelete([
        { id: 'a', ok: true },
        { id: 'b', ok: true },
      ]).message,
    ).toBe('Deleted 2 recordings.')
    const mixed = summarizeBulkDelete([
      { id: 'a', ok: true },
      { id: 'b', ok: false, error: 'The server answered 500.' },
      { id: 'c', ok: true },
    ])
    expect(mixed.deleted).toEqual(['a', 'c'])
    expect(mixed.failed).toEqual([{ id: 'b', error: 'The server answered 500.' }])
    expect(mixed.message).toBe('Deleted 2 of 3 recordings; 1 failed.')
    expect(summarizeBulkDelete([{ id: 'a', ok: false, error: 'x' }]).message).toBe('Could not delete 1 recording.')
  })

  it('runs at most `limit` tasks at once and keeps the input order', async () => {
    let running = 0
    let peak = 0
    const out = await runLimited([5, 1, 4, 2, 3], 2, async (n) => {
      running++
      peak = Math.max(peak, running)
      await new Promise((r) => setTimeout(r, n))
      running--
      return n * 10
    })
    expect(out).toEqual([50, 10, 40, 20, 30])
    expect(peak).toBe(2)
  })
})
