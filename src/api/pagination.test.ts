import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { pageOf } from './pagination'

const item = z.object({ id: z.number() })

describe('pageOf', () => {
  it("reads the spec's envelope with its count", () => {
    const page = pageOf(item).parse({
      count: 2431,
      next: 'http://localhost/api/x/?limit=100&offset=100',
      previous: null,
      results: [{ id: 1 }],
    })
    expect(page).toEqual({
      results: [{ id: 1 }],
      count: 2431,
      hasNext: true,
      next: 'http://localhost/api/x/?limit=100&offset=100',
      previous: null,
    })
  })

  it("reads PostHog's recordings list without a count", () => {
    const page = pageOf(item).parse({ results: [{ id: 1 }, { id: 2 }], has_next: false })
    expect(page).toEqual({ results: [{ id: 1 }, { id: 2 }], count: null, hasNext: false, next: null, previous: null })
  })

  it("reads DRF's cursor pages (PostHog's export runs): no count, more while there is a next", () => {
    const next = 'https://eu.posthog.com/api/projects/2/batch_exports/x/runs/?cursor=cD0yMDI2'
    expect(pageOf(item).parse({ next, previous: null, results: [{ id: 1 }] })).toEqual({
      results: [{ id: 1 }],
      count: null,
      hasNext: true,
      next,
      previous: null,
    })
    expect(pageOf(item).parse({ next: null, previous: null, results: [] }).hasNext).toBe(false)
  })

  it('rejects anything else', () => {
    expect(pageOf(item).safeParse({ results: [{ id: 'x' }], has_next: true }).success).toBe(false)
    expect(pageOf(item).safeParse([{ id: 1 }]).success).toBe(false)
  })
})
