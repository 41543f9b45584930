// Console bundle size against the bare-stack baseline, both built in this run. Prints JSON.
import type { Manifest } from 'vite'
import { readFileSync, rmSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { LANDING_ROUTES } from '../scripts/chunk-groups'
import { importClosure, ROUTE_PRELOADS_FILE, routeModules } from '../scripts/route-preloads'
import { buildApp } from './lib'

const gz = (file: string) => gzipSync(readFileSync(file)).length
/** Bytes a browser that accepts `encoding` receives for a built file: its precompressed copy, if any. */
const served = (file: string, encoding: 'br' | 'gz') => {
  try {
    return readFileSync(`${file}.${encoding}`).length
  } catch {
    return readFileSync(file).length
  }
}

/** Files of a chunk and everything it imports statically. */
const closure = (manifest: Manifest, key: string) =>
  new Set([...importClosure(key, (k) => manifest[k]?.imports)].map((k) => manifest[k]!.file))

const total = (outDir: string, files: Iterable<string>) => [...files].reduce((sum, f) => sum + gz(join(outDir, f)), 0)
// The console's entry: index.html (shared.html is the public recording pages' own entry).
const entryKey = (manifest: Manifest) =>
  Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('index.html'))!

/**
 * The chunks the console imports once idle after its first page (src/app/idle-warm-up.ts: libraries, so
 * in chunks with no source module of their own, unlike the pages and the toaster the entry imports on
 * demand). The first route loads them too, after its page has shown: they count in its JS, not in a lazy route's.
 */
const idleKeys = (manifest: Manifest) => {
  const keys = (manifest[entryKey(manifest)]!.dynamicImports ?? []).filter((k) => k.startsWith('_'))
  const imports = readFileSync(resolve('src/app/idle-warm-up.ts'), 'utf8').match(/import\('[^']+'\)/g) ?? []
  if (keys.length !== imports.length) throw new Error(`bench/bundle: idle chunks ${keys} for ${imports}`)
  return keys
}

const PLAYER = 'src/features/session-recordings/player/player.tsx'
const RECORDING_PAGE = 'src/features/session-recordings/recording-detail-page.tsx'
const kb = (bytes: number) => +(bytes / 1024).toFixed(1)

/** Route pattern of each lazy route's page module (manifest key), from src/app/routes.tsx. */
const routeOf: Record<string, string> = Object.fromEntries(
  Object.entries(routeModules(readFileSync(resolve('src/app/routes.tsx'), 'utf8'))).map(([path, module]) => [
    `${relative('.', resolve('src/app', module))}.tsx`,
    path,
  ]),
)
/** The landing list whose pattern the route's starts with (its area's list), if any. */
const landingListOf = (key: string) => {
  const route = routeOf[key]
  const lists = Object.values(LANDING_ROUTES).filter((list) => route === list || route?.startsWith(`${list}/`))
  return lists.sort((a, b) => b.length - a.length)[0]
}

const app = await buildApp(resolve('.'), resolve('index.html'), true)
const baseline = await buildApp(resolve('bench/baseline/app'), resolve('bench/baseline/app/index.html'))
// The public recording pages' own entry, built as vite.config builds it (its own environment).
const shared = await buildApp(resolve('.'), resolve('shared.html'))
try {
  const entry = closure(app.manifest, entryKey(app.manifest))
  const idle = new Set(
    idleKeys(app.manifest).flatMap((key) => [...closure(app.manifest, key)].filter((f) => !entry.has(f))),
  )
  const first = new Set([...entry, ...idle])
  const firstBytes = total(app.outDir, first)
  const baseBytes = total(baseline.outDir, closure(baseline.manifest, entryKey(baseline.manifest)))
  const preloads = JSON.parse(readFileSync(join(app.outDir, ROUTE_PRELOADS_FILE), 'utf8')) as Record<string, string[]>
  // A lazy route costs its own chunk plus every shared chunk it pulls in that the first route did not load.
  // Besides (not the target's measure): what it adds when opened from its area's landing list, the way
  // there in the console, whose files are then loaded already.
  const lazy = Object.entries(app.manifest)
    .filter(([key, c]) => c.isDynamicEntry && key !== PLAYER)
    .map(([key, c]) => {
      const extra = [...closure(app.manifest, key)].filter((f) => !first.has(f))
      const list = landingListOf(key)
      const fromList =
        list && list !== routeOf[key]
          ? {
              route: list,
              gzip_kb: kb(
                total(
                  app.outDir,
                  extra.filter((f) => !preloads[list]!.includes(`/${f}`)),
                ),
              ),
            }
          : null
      return {
        name: c.name ?? c.file,
        gzip_kb: kb(total(app.outDir, extra)),
        ...(fromList ? { from_landing_list: fromList } : {}),
      }
    })
  // A cold visit to a landing route: index.html, the entry with its imports and CSS, and the route's own
  // files the server preloads (route-preloads.json), each as the server sends it to a browser.
  const cold = (outDir: string, files: string[]) => {
    const paths = ['index.html', ...files].map((f) => join(outDir, f))
    const bytes = (encoding: 'br' | 'gz') => paths.reduce((sum, p) => sum + served(p, encoding), 0)
    return { requests: paths.length, br_kb: kb(bytes('br')), gzip_kb: kb(bytes('gz')) }
  }
  const entryFiles = (manifest: Manifest) => {
    const keys = [...importClosure(entryKey(manifest), (k) => manifest[k]?.imports)]
    return keys.flatMap((k) => [manifest[k]!.file, ...(manifest[k]!.css ?? [])])
  }
  const baselineCold = cold(baseline.outDir, entryFiles(baseline.manifest))
  const landing = Object.fromEntries(
    Object.entries(LANDING_ROUTES).map(([name, pattern]) => {
      const files = [...new Set([...entryFiles(app.manifest), ...preloads[pattern]!.map((f) => f.slice(1))])]
      const route = cold(app.outDir, files)
      return [
        name,
        {
          route: pattern,
          ...route,
          br_ratio: +(route.br_kb / baselineCold.br_kb).toFixed(2),
          gzip_ratio: +(route.gzip_kb / baselineCold.gzip_kb).toFixed(2),
        },
      ]
    }),
  )
  // The player (rrweb's replayer and the controls) loads only once a recording is opened: what it adds
  // to the first route and the recording page.
  const loaded = new Set([...first, ...closure(app.manifest, RECORDING_PAGE)])
  const player = [...closure(app.manifest, PLAYER)].filter((f) => !loaded.has(f))
  const sharedEntry = Object.keys(shared.manifest).find((k) => shared.manifest[k]!.isEntry)!
  const sharedFirst = closure(shared.manifest, sharedEntry)
  const sharedPlayer = [...closure(shared.manifest, `src/features/session-recordings/player/player.tsx`)].filter(
    (f) => !sharedFirst.has(f),
  )
  console.log(
    JSON.stringify(
      {
        landing_routes: { ...landing, baseline: baselineCold },
        first_route_gzip_kb: kb(firstBytes),
        // Of which: the entry and its imports (before the first page shows), and what loads once idle after it.
        first_route_parts_gzip_kb: { entry: kb(total(app.outDir, entry)), idle: kb(total(app.outDir, idle)) },
        baseline_gzip_kb: +(baseBytes / 1024).toFixed(1),
        ratio: { value: +(firstBytes / baseBytes).toFixed(3), target: '<= 1.05' },
        lazy_routes: lazy,
        lazy_route_max_gzip_kb: { value: Math.max(0, ...lazy.map((l) => l.gzip_kb)), target: '<= 30' },
        player_lazy_gzip_kb: kb(total(app.outDir, player)),
        shared_page_gzip_kb: {
          first: kb(total(shared.outDir, sharedFirst)),
          player: kb(total(shared.outDir, sharedPlayer)),
        },
      },
      null,
      2,
    ),
  )
} finally {
  rmSync(app.outDir, { recursive: true, force: true })
  rmSync(baseline.outDir, { recursive: true, force: true })
  rmSync(shared.outDir, { recursive: true, force: true })
}
