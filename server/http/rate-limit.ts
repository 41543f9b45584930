/** Fixed one-minute windows per caller; `limit` 0 disables it. */
export function createRateLimiter(limit: number, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>()
  return {
    /** Returns seconds to wait when `caller` is over the limit, else null. */
    hit(caller: string): number | null {
      if (limit <= 0) return null
      const t = now()
      let w = windows.get(caller)
      if (!w || t - w.start >= 60_000) {
        if (windows.size > 10_000) windows.clear()
        w = { start: t, count: 0 }
        windows.set(caller, w)
      }
      w.count++
      if (w.count <= limit) return null
      return Math.max(1, Math.ceil((w.start + 60_000 - t) / 1000))
    },
  }
}
export type RateLimiter = ReturnType<typeof createRateLimiter>
