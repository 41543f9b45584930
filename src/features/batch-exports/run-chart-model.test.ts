import { describe, expect, it } from 'vitest'
import { RUN_STATUSES, type RunStatus } from '../../contracts/batch-exports'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { contrastRatio, parseColor } from '../../testing/contrast'
import { parseRules } from '../../testing/css-rules'
import { axisTicks, chartItems } from './run-chart-model'
import { RUN_STATUS_HELP, RUN_STATUS_TONE } from './run-status'
import { runFixture } from '../../testing/fixtures'

const run = (status: RunStatus, start: string, end: string, records: number | null = 10) =>
  runFixture(status, start, end, { records_completed: records, records_total_count: 20 })

describe('run chart', () => {
  it('orders runs oldest first and marks missing windows as a gap', () => {
    const runs = [
      run('Failed', '2026-03-05T00:00:00Z', '2026-03-06T00:00:00Z', null),
      run('Completed', '2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z'),
      run('Completed', '2026-03-02T00:00:00Z', '2026-03-03T00:00:00Z'),
    ]
    const items = chartItems(runs, 'day')
    expect(items.map((i) => (i.kind === 'gap' ? `gap ${i.missing}` : i.run.status))).toEqual([
      'Completed',
      'Completed',
      'gap 2',
      'Failed',
    ])
    expect(items[3]).toMatchObject({ kind: 'run', records: 0, total: 20 })
  })

  it('draws overlapping windows (a backfill over history) without inventing gaps', () => {
    const items = chartItems(
      [
        run('Completed', '2026-03-01T00:00:00Z', '2026-03-03T00:00:00Z'),
        run('Starting', '2026-03-01T12:00:00Z', '2026-03-02T12:00:00Z'),
        run('Completed', '2026-03-03T00:00:00Z', '2026-03-04T00:00:00Z'),
      ],
      'day',
    )
    expect(items.every((i) => i.kind === 'run')).toBe(true)
  })

  it('has a colour and a meaning for every one of the ten statuses', () => {
    expect(RUN_STATUSES).toHaveLength(10)
    for (const status of RUN_STATUSES) {
      expect(RUN_STATUS_TONE[status]).toMatch(/green|blue|amber|red|grey/)
      expect(RUN_STATUS_HELP[status].length).toBeGreaterThan(5)
    }
    expect(RUN_STATUS_TONE.Completed).toBe('green')
    expect(RUN_STATUS_TONE.Failed).toBe('red')
    expect(RUN_STATUS_TONE.FailedRetryable).toBe('amber')
    expect(RUN_STATUS_TONE.Running).toBe('blue')
    expect(RUN_STATUS_TONE.Cancelled).toBe('grey')
  })
})

describe('run chart scale and colours', () => {
  it('puts round ticks on the value axis, from 0 to at least the largest bar', () => {
    expect(axisTicks(241_566)).toEqual([0, 100_000, 200_000, 300_000])
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8])
    expect(axisTicks(1)).toEqual([0, 1])
  })

  it('gives every status its own colour in both themes, each 3:1 against the panel (graphics)', () => {
    const css = readFileSync(join(import.meta.dirname, 'run-chart.css'), 'utf8')
    const theme = readFileSync(join(import.meta.dirname, '../../app/theme.css'), 'utf8')
    const rules = [...parseRules(theme, 'theme.css'), ...parseRules(css, 'run-chart.css')]
    for (const dark of [false, true]) {
      const inTheme = (media?: string | null) =>
        !media?.includes('prefers-color-scheme') || media.includes(dark ? 'dark' : 'light')
      const vars = (selector: string) =>
        Object.assign(
          {},
          ...rules.filter((r) => r.selectors.includes(selector) && inTheme(r.media)).map((r) => r.decls),
        )
      const surface = parseColor(vars(':root')['--surface'])!
      const chart = vars('.run-chart')
      const colours = RUN_STATUSES.map((status) => chart[`--run-${status}`])
      expect(colours.every(Boolean)).toBe(true)
      expect(new Set(colours.map((c) => c.toLowerCase())).size).toBe(RUN_STATUSES.length)
      for (const c of colours) expect(contrastRatio(parseColor(c)!, surface)).toBeGreaterThanOrEqual(3)
    }
  })
})
