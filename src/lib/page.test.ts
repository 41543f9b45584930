import { describe, expect, it } from 'vitest'
import { describeRange, toPage } from './page'

describe('paging', () => {
  it('turns page and size into limit and offset', () => {
    expect(toPage(1, 100)).toEqual({ limit: 100, offset: 0 })
    expect(toPage(3, 25)).toEqual({ limit: 25, offset: 50 })
    expect(toPage(0, 5000)).toEqual({ limit: 1000, offset: 0 })
  })

  it('describes the range shown', () => {
    expect(describeRange({ limit: 100, offset: 0 }, 100, 2431)).toBe('1–100 of 2,431')
    expect(describeRange({ limit: 50, offset: 100 }, 50, null)).toBe('101–150')
    expect(describeRange({ limit: 50, offset: 0 }, 0, 0)).toBe('No results')
  })
})
