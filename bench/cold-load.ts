// How the console benches open a cold page and time its first row: bench/console.ts and
// bench/console-ab.ts (with Playwright, or bench/plain-chromium.ts).
import type { Browser } from '@playwright/test'

declare global {
  interface Window {
    /** performance.now() when the first data row is in the document, and once the frame showing it is done. */
    __firstRow?: Promise<{ inserted: number; painted: number }>
  }
}

export const VIEWPORT = { width: 1280, height: 800 }

/**
 * Network profiles (Chromium's network emulation over CDP). `latency` is added to each request's round
 * trip; throughputs are in bytes per second. Loopback is the machine as it is.
 */
export const PROFILES = {
  loopback: null,
  network_40ms_10mbit: { latency: 40, downloadThroughput: 10_000_000 / 8, uploadThroughput: 10_000_000 / 8 },
} as const
export type Profile = keyof typeof PROFILES

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

/**
 * A fresh context (empty cache, no storage) and page with the cache disabled, the CPU throttled and the
 * network profile applied; `wire()` is the bytes received so far (headers and encoded bodies, as counted
 * by Chromium's network stack) and the number of requests that finished.
 */
export async function openColdPage(browser: Browser, rate: number, profile: Profile = 'loopback') {
  const context = await browser.newContext({ viewport: VIEWPORT })
  const page = await context.newPage()
  page.setDefaultTimeout(30_000)
  const cdp = await context.newCDPSession(page)
  let bytes = 0
  let requests = 0
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength
    requests++
  })
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
  const network = PROFILES[profile]
  if (network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network })
  return { context, page, wire: () => ({ bytes, requests }) }
}
