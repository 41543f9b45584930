// The console in headless Chromium against the bare-stack baseline app, both built (and precompressed) in
// this run and served the same production way by the real server: cold load to the first recordings row
// and the bytes on the wire until then, on loopback and through an ordinary network (bench/network-shaper.ts),
// at 1× and 4× CPU, timed in a Chromium without DevTools domains on the page (bench/cold-load.ts);
// interaction latency; DOM size. Prints JSON.
import { chromium, type Browser, type Page } from '@playwright/test'
import type { ChildProcess } from 'node:child_process'
import { cpus, tmpdir } from 'node:os'
import { mkdtempSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { chromiumLaunchOptions } from '../e2e/support/chromium'
import { openDatabase } from '../server/db/database'
import { seedScale } from '../server/seed/scale'
import { randomPort, startServerProcess } from '../server/test/process'
import { PAGE_SIZES } from '../src/lib/page'
import {
  baselineKeyScript,
  PROFILES,
  startColdLoads,
  VIEWPORT,
  type ColdApp,
  type ColdLoad,
  type Profile,
} from './cold-load'
import { buildApp } from './lib'

const RECORDINGS = Number(process.env.BENCH_RECORDINGS ?? 100_000)
/** Cold loads per app and CPU rate, and interactions per kind (odd, so the median is one of them). */
const RUNS = Number(process.env.BENCH_RUNS ?? 7)
const RATES = [1, 4]
/** Targets per profile: on the network, first row within 1.5× the baseline and bytes within 1.35×. */
const TARGETS: Record<Profile, { first_row: string; bytes?: string }> = {
  loopback: { first_row: '<= 1.15' },
  network_40ms_10mbit: { first_row: '<= 1.5', bytes: '<= 1.35' },
}
const LARGEST_PAGE = Math.max(...PAGE_SIZES)

declare global {
  interface Window {
    /** Event Timing entries (≥ 16 ms) that belong to an interaction. */
    __events?: { name: string; duration: number; interactionId: number }[]
  }
}

const dirs: string[] = []
const children: ChildProcess[] = []
let browser: Browser | undefined
let loads: Awaited<ReturnType<typeof startColdLoads>> | undefined
const cleanup = async () => {
  await browser?.close().catch(() => {})
  await loads?.close().catch(() => {})
  for (const child of children) child.kill()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
}
// Everything is bounded: a hung browser or server ends the run instead of blocking `npm run bench`.
const deadline = setTimeout(() => {
  console.error('bench/console.ts: did not finish within 20 minutes')
  void cleanup().finally(() => process.exit(1))
}, 20 * 60_000).unref()

/** `promise`, or an error after `ms` (page.evaluate has no timeout of its own). */
function within<T>(ms: number, what: string, promise: Promise<T>) {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
const round = (ms: number) => +ms.toFixed(1)

/** Collects Event Timing entries of interactions, as INP does (durationThreshold 16 is the smallest allowed). */
function watchEvents() {
  window.__events = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[]) {
      if (e.interactionId) window.__events!.push({ name: e.name, duration: e.duration, interactionId: e.interactionId })
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
}

/** A fresh context and page for the interactions and the DOM count (Playwright drives them). */
async function openPage() {
  const context = await browser!.newContext({ viewport: VIEWPORT })
  const page = await context.newPage()
  page.setDefaultTimeout(30_000)
  return { context, page }
}

type App = ColdApp & { name: 'console' | 'baseline' }

/**
 * One cold load: ms from navigation start until the first data row is in the document, and rendered;
 * bytes and requests on the wire by the time the row was in the document.
 */
const coldLoad = (app: App, rate: number, profile: Profile = 'loopback') =>
  within(60_000, `${app.name}: first row (${profile}, ${rate}× CPU)`, loads!.coldLoad(app, rate, profile))

type Interaction = {
  /** Untimed steps before the interaction (e.g. opening the menu that holds the item). */
  before?: (i: number) => Promise<void>
  /** The interaction, resolving once its result shows. */
  act: (i: number) => Promise<void>
  /** Untimed steps afterwards (e.g. closing what it opened). */
  after?: (i: number) => Promise<void>
}

/**
 * Runs an interaction `RUNS` times; each time the longest event of the interaction (INP's measure).
 * One whose events all stay under the 16 ms threshold reports no entry and counts as 16 ms.
 */
async function interactions(page: Page, { before, act, after }: Interaction) {
  const durations: number[] = []
  let belowThreshold = 0
  for (let i = 0; i < RUNS; i++) {
    await before?.(i)
    await page.evaluate(() => (window.__events = []))
    await act(i)
    // Entries arrive after the frame that followed the interaction was presented.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 250))))
    const events = await page.evaluate(() => window.__events!)
    if (events.length === 0) belowThreshold++
    durations.push(Math.max(16, ...events.map((e) => e.duration)))
    await after?.(i)
  }
  return {
    median_ms: median(durations),
    max_ms: Math.max(...durations),
    runs: durations,
    below_threshold: belowThreshold,
  }
}

const work = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'aa-bench-console-'))
  dirs.push(dir)
  const dbPath = join(dir, 'bench.sqlite')
  const { db } = openDatabase(dbPath)
  const { key, project_id, organization_id } = seedScale(db, { recordings: RECORDINGS, exports: 20, runsPerExport: 50 })
  db.close()

  const consoleBuild = await buildApp(resolve('.'), resolve('index.html'), true)
  dirs.push(consoleBuild.outDir)
  const baselineBuild = await buildApp(resolve('bench/baseline/app'), resolve('bench/baseline/app/index.html'))
  dirs.push(baselineBuild.outDir)

  // Two servers on one database (WAL): each serves its own build and the same API.
  const serve = async (staticDir: string) => {
    const port = randomPort()
    const { child } = await startServerProcess({
      PORT: String(port),
      DATABASE_PATH: dbPath,
      STATIC_DIR: staticDir,
      RATE_LIMIT_PER_MINUTE: '0',
      ENGINE: '0',
    })
    children.push(child)
    return `http://127.0.0.1:${port}`
  }
  const consoleOrigin = await serve(consoleBuild.outDir)
  const baselineOrigin = await serve(baselineBuild.outDir)

  browser = await chromium.launch(chromiumLaunchOptions)
  loads = await startColdLoads()
  const recordingsPath = `/projects/${project_id}/recordings`
  const apps: App[] = [
    {
      name: 'console',
      // Signed in the way a user is: a link whose fragment the console reads and removes (memory only).
      url: `${consoleOrigin}${recordingsPath}#key=${key}`,
      selector: 'table[aria-label="Recordings"] tbody tr[data-row-id]',
    },
    {
      name: 'baseline',
      url: `${baselineOrigin}/?project=${project_id}`,
      selector: 'table tbody tr',
      key,
    },
  ]

  // 1. Cold loads per network profile and CPU rate, console and baseline alternating (which goes first
  // alternates too) to spread noise.
  const coldLoads: Record<string, Record<string, unknown>> = {}
  for (const app of apps) await coldLoad(app, 1) // warm-up: server JIT and SQLite pages, not the browser
  for (const profile of Object.keys(PROFILES) as Profile[]) {
    coldLoads[profile] = {}
    for (const rate of RATES) {
      const runs: Record<App['name'], ColdLoad[]> = { console: [], baseline: [] }
      for (let i = 0; i < RUNS; i++) {
        for (const app of i % 2 ? [...apps].reverse() : apps) runs[app.name].push(await coldLoad(app, rate, profile))
      }
      const summary = (key: 'inserted' | 'painted') => {
        const [ours, base] = [runs.console.map((r) => r[key]), runs.baseline.map((r) => r[key])]
        return {
          console_median_ms: round(median(ours)),
          baseline_median_ms: round(median(base)),
          ratio: { value: +(median(ours) / median(base)).toFixed(2), target: TARGETS[profile].first_row },
          console_runs: ours.map(round),
          baseline_runs: base.map(round),
        }
      }
      const bytes = (name: App['name']) => median(runs[name].map((r) => r.bytes))
      const requests = (name: App['name']) => median(runs[name].map((r) => r.requests))
      coldLoads[profile][`cpu_${rate}x`] = {
        in_document: summary('inserted'),
        rendered: summary('painted'),
        bytes_on_wire_to_first_row: {
          console_median_kb: +(bytes('console') / 1024).toFixed(1),
          baseline_median_kb: +(bytes('baseline') / 1024).toFixed(1),
          ratio: { value: +(bytes('console') / bytes('baseline')).toFixed(2), target: TARGETS[profile].bytes ?? '—' },
          console_requests: requests('console'),
          baseline_requests: requests('baseline'),
        },
      }
    }
  }

  // 2. Interaction latency at 1× CPU on pages that have loaded.
  const exports = (await (
    await fetch(`${consoleOrigin}/api/organizations/${organization_id}/batch_exports/?limit=1`, {
      headers: { authorization: `Bearer ${key}` },
    })
  ).json()) as { results: { id: string }[] }
  const exportId = exports.results[0]!.id

  const pause = await (async () => {
    const { context, page } = await openPage()
    try {
      await context.addInitScript(watchEvents)
      await page.goto(`${consoleOrigin}/orgs/${organization_id}/batch-exports/${exportId}#key=${key}`)
      const toggle = page.getByRole('switch', { name: 'Active' })
      await toggle.waitFor()
      return await interactions(page, {
        act: async () => {
          const active = (await toggle.getAttribute('aria-checked')) === 'true'
          const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.ok())
          await toggle.click()
          await page.getByRole('switch', { name: 'Active', checked: !active }).waitFor()
          await saved
        },
      })
    } finally {
      await context.close()
    }
  })()

  const sharing = await (async () => {
    const { context, page } = await openPage()
    try {
      await context.addInitScript(watchEvents)
      await page.goto(`${consoleOrigin}${recordingsPath}#key=${key}`)
      const rows = page.locator('table[aria-label="Recordings"] tbody tr[data-row-id]')
      await rows.first().waitFor()
      const ids = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-id')!))
      const dialog = page.getByRole('dialog', { name: 'Share recording' })
      return await interactions(page, {
        // The row menu first, as a user opens it (which prefetches the sharing settings).
        before: async (i) => {
          const id = ids[i % ids.length]!
          await page.getByRole('button', { name: `Actions for recording ${id}`, exact: true }).click()
          await page.waitForLoadState('networkidle')
        },
        act: async () => {
          await page.getByRole('menuitem', { name: 'Share…' }).click()
          await dialog.waitFor()
        },
        after: async () => {
          await page.keyboard.press('Escape')
          await dialog.waitFor({ state: 'detached' })
        },
      })
    } finally {
      await context.close()
    }
  })()

  // 3. DOM size of the recordings page at its largest page size, once the first page has rendered.
  const domNodes = async (url: string, selector: string, rows: number, key?: string) => {
    const { context, page } = await openPage()
    try {
      if (key) await context.addInitScript(baselineKeyScript(key))
      await page.goto(url)
      await page.waitForFunction(([s, n]) => document.querySelectorAll(s).length >= n, [selector, rows] as const)
      await page.waitForLoadState('networkidle')
      return await page.evaluate(() => document.getElementsByTagName('*').length)
    } finally {
      await context.close()
    }
  }
  const consoleNodes = await domNodes(
    `${consoleOrigin}${recordingsPath}?page_size=${LARGEST_PAGE}#key=${key}`,
    apps[0]!.selector,
    LARGEST_PAGE,
  )
  const baselineNodes = await domNodes(apps[1]!.url, apps[1]!.selector, 100, apps[1]!.key)

  return {
    machine: { cpus: cpus().length, node: process.version, chromium: browser.version() },
    recordings: RECORDINGS,
    runs: RUNS,
    network_profiles: PROFILES,
    cold_load_to_first_row: coldLoads,
    inp_ms: {
      pause_toggle: { ...pause, target: '<= 50' },
      sharing_panel_open: { ...sharing, target: '<= 50' },
    },
    dom_nodes: {
      console: { value: consoleNodes, page_size: LARGEST_PAGE, target: '<= 1500' },
      baseline_100_rows: baselineNodes,
    },
  }
}

try {
  console.log(JSON.stringify(await work(), null, 2))
} finally {
  clearTimeout(deadline)
  await cleanup()
}
