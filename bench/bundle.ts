// Console bundle size against the bare-stack baseline, both built in this run. Prints JSON.
import type { Manifest } from 'vite'
import { readFileSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { importClosure } from '../scripts/route-preloads'
import { buildApp } from './lib'

const gz = (file: string) => gzipSync(readFileSync(file)).length

/** Files of a chunk and everything it imports statically. */
const closure = (manifest: Manifest, key: string) =>
  new Set([...importClosure(key, (k) => manifest[k]?.imports)].map((k) => manifest[k]!.file))

const total = (outDir: string, files: Iterable<string>) => [...files].reduce((sum, f) => sum + gz(join(outDir, f)), 0)
const entryKey = (manifest: Manifest) => Object.keys(manifest).find((k) => manifest[k]!.isEntry)!

const app = await buildApp(resolve('.'), resolve('index.html'), true)
const baseline = await buildApp(resolve('bench/baseline/app'), resolve('bench/baseline/app/index.html'))
try {
  const first = closure(app.manifest, entryKey(app.manifest))
  const firstBytes = total(app.outDir, first)
  const baseBytes = total(baseline.outDir, closure(baseline.manifest, entryKey(baseline.manifest)))
  // A lazy route costs its own chunk plus every shared chunk it pulls in that the first route did not load.
  const lazy = Object.entries(app.manifest)
    .filter(([, c]) => c.isDynamicEntry)
    .map(([key, c]) => {
      const extra = [...closure(app.manifest, key)].filter((f) => !first.has(f))
      return { name: c.name ?? c.file, gzip_kb: +(total(app.outDir, extra) / 1024).toFixed(1) }
    })
  console.log(
    JSON.stringify(
      {
        first_route_gzip_kb: +(firstBytes / 1024).toFixed(1),
        baseline_gzip_kb: +(baseBytes / 1024).toFixed(1),
        ratio: { value: +(firstBytes / baseBytes).toFixed(3), target: '<= 1.05' },
        lazy_routes: lazy,
        lazy_route_max_gzip_kb: { value: Math.max(0, ...lazy.map((l) => l.gzip_kb)), target: '<= 30' },
      },
      null,
      2,
    ),
  )
} finally {
  rmSync(app.outDir, { recursive: true, force: true })
  rmSync(baseline.outDir, { recursive: true, force: true })
}
