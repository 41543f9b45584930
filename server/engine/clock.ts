/** What the engine reads the time from: the system clock in production, a hand-moved one in tests. */
export interface Clock {
  now(): number
}

export const systemClock: Clock = { now: () => Date.now() }

/** A clock that only moves when told, so a test closes windows without waiting hours. */
export function manualClock(start: number | string | Date) {
  let current = new Date(start).getTime()
  return {
    now: () => current,
    set: (to: number | string | Date) => {
      current = new Date(to).getTime()
    },
    advance: (ms: number) => {
      current += ms
    },
  }
}
export type ManualClock = ReturnType<typeof manualClock>
