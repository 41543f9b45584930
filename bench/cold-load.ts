// How the console benches time a cold load to the first recordings row (bench/console.ts and
// bench/console-ab.ts): in a Chromium whose pages have no DevTools domain on (bench/plain-chromium.ts),
// as a user's browser runs them, on loopback or through bench/network-shaper.ts.
import { launchPlainChromium } from './plain-chromium'
import { startNetworkShaper, type NetworkProfile } from './network-shaper'

declare global {
  interface Window {
    /** performance.now() when the first data row is in the document, and once the frame showing it is done. */
    __firstRow?: Promise<{ inserted: number; painted: number }>
  }
}

export const VIEWPORT = { width: 1280, height: 800 }

/**
 * Network profiles: `latency` is the round trip in ms, throughputs are in bytes per second
 * (bench/network-shaper.ts). Loopback is the machine as it is.
 */
export const PROFILES = {
  loopback: null,
  network_40ms_10mbit: { latency: 40, downloadThroughput: 10_000_000 / 8, uploadThroughput: 10_000_000 / 8 },
} as const satisfies Record<string, NetworkProfile | null>
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
 * In the page: the responses complete by `until` (the document's and every resource's) and their bytes
 * as Resource Timing counts them (encoded bodies plus Chromium's fixed allowance for headers).
 */
function wireUntil(until: number) {
  const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
  const arrived = (entries as PerformanceResourceTiming[]).filter((e) => e.responseEnd > 0 && e.responseEnd <= until)
  return { bytes: arrived.reduce((sum, e) => sum + e.transferSize, 0), requests: arrived.length }
}

/** An init script that signs the baseline app in: it reads its API key from sessionStorage. */
export const baselineKeyScript = (key: string) => `sessionStorage.setItem('key', ${JSON.stringify(key)});`

/** What a cold load loads: `url` on the server's own (loopback) origin; `key`: signed in as the baseline is. */
export type ColdApp = { url: string; selector: string; key?: string }
export type ColdLoad = { inserted: number; painted: number; bytes: number; requests: number }

/**
 * A Chromium for cold loads; `coldLoad` opens `app` in a fresh context (empty cache, no storage) at
 * `rate`× CPU, over `profile` (the server reached through a shaper of its own), and resolves with the
 * first row's times and the wire until it was in the document. `close()` ends browser and shapers.
 */
export async function startColdLoads() {
  const chromium = await launchPlainChromium({ viewport: VIEWPORT })
  const shapers = new Map<string, ReturnType<typeof startNetworkShaper>>()
  const urlOver = async (url: URL, profile: Profile) => {
    const network = PROFILES[profile]
    if (!network) return url.href
    const id = `${url.port}:${profile}`
    if (!shapers.has(id)) shapers.set(id, startNetworkShaper(Number(url.port), network))
    const { origin } = await shapers.get(id)!
    return origin + url.href.slice(url.origin.length)
  }

  async function coldLoad(app: ColdApp, rate: number, profile: Profile = 'loopback'): Promise<ColdLoad> {
    return chromium.coldLoad<ColdLoad>({
      url: await urlOver(new URL(app.url), profile),
      rate,
      init: `${app.key ? baselineKeyScript(app.key) : ''}(${watchFirstRow.toString()})(${JSON.stringify(app.selector)})`,
      measure: `window.__firstRow.then((row) => ({ ...row, ...(${wireUntil.toString()})(row.inserted) }))`,
    })
  }

  async function close() {
    await chromium.close()
    for (const shaper of shapers.values()) await (await shaper).close()
  }
  return { coldLoad, close }
}
