/** A small seeded PRNG (mulberry32) so seeded worlds are the same on every machine. */
export function createRandom(seed = 42) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
  const hex = (n: number) => Array.from({ length: n }, () => int(0, 15).toString(16)).join('')
  /** A UUIDv7-looking id whose time part is `ms`, like PostHog's session ids. */
  const sessionId = (ms: number) => {
    const t = ms.toString(16).padStart(12, '0')
    return `${t.slice(0, 8)}-${t.slice(8, 12)}-7${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`
  }
  return { next, int, pick, hex, sessionId }
}
export type Random = ReturnType<typeof createRandom>
