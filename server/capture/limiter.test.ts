import { describe, expect, it } from 'vitest'
import { createLimiter } from './limiter'

describe('createLimiter', () => {
  it('runs at most `size` tasks at once, the rest in arrival order, and frees a slot when a task fails', async () => {
    const limit = createLimiter(2)
    let running = 0
    let most = 0
    const started: number[] = []
    const task = (i: number) =>
      limit(async () => {
        started.push(i)
        running++
        most = Math.max(most, running)
        await new Promise((resolve) => setTimeout(resolve, 5))
        running--
        if (i === 1) throw new Error('boom')
        return i
      })
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(task))
    expect(most).toBe(2)
    expect(started).toEqual([0, 1, 2, 3, 4, 5])
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ])
  })
})
