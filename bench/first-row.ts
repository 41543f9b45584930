// How the console benches time a cold load in the page: bench/console.ts and bench/console-ab.ts.

declare global {
  interface Window {
    /** performance.now() when the first data row is in the document, and once the frame showing it is done. */
    __firstRow?: Promise<{ inserted: number; painted: number }>
  }
}

/**
 * An init script: every app is timed the same way, from navigation start: when `selector` first matches
 * (the row is in the document) and when the frame after that has run (rendered: style, layout, paint).
 * Awaited, not polled: a requestAnimationFrame poll would make frames the page did not ask for.
 */
export function watchFirstRow(selector: string) {
  window.__firstRow = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector(selector)) return
      observer.disconnect()
      const inserted = performance.now()
      requestAnimationFrame(() => setTimeout(() => resolve({ inserted, painted: performance.now() })))
    })
    observer.observe(document, { childList: true, subtree: true })
  })
}
