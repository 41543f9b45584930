/**
 * At most `size` tasks at a time; the others wait their turn in order. Capture's decoding and encoding
 * run through one: a burst of a hundred uploads then queues behind a few slots instead of putting a
 * hundred JSON parses ahead of the next API request on the event loop.
 */
export function createLimiter(size: number) {
  let running = 0
  const waiting: (() => void)[] = []
  const release = () => {
    running--
    waiting.shift()?.()
  }
  return async function limit<T>(task: () => Promise<T>): Promise<T> {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve))
    running++
    try {
      return await task()
    } finally {
      release()
    }
  }
}
