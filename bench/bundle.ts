// Console bundle size against the bare-stack baseline, both built in this run. Prints JSON.
import { build, type Manifest } from 'vite'
import react from '@vitejs/plugin-react'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

const gz = (file: string) => gzipSync(readFileSync(file)).length

/** Gzip bytes of the entry chunk and everything it imports statically. */
function firstRoute(outDir: string, manifest: Manifest) {
  const entry = Object.values(manifest).find((c) => c.isEntry)!
  const seen = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || seen.has(chunk.file)) return
    seen.add(chunk.file)
    chunk.imports?.forEach(visit)
  }
  visit(Object.keys(manifest).find((k) => manifest[k] === entry)!)
  return { bytes: [...seen].reduce((sum, f) => sum + gz(join(outDir, f)), 0), files: seen }
}

async function buildApp(root: string, input: string) {
  const outDir = mkdtempSync(join(tmpdir(), 'aa-bundle-'))
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir, manifest: true, emptyOutDir: true, rollupOptions: { input } },
  })
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest
  return { outDir, manifest }
}

const app = await buildApp(resolve('.'), resolve('index.html'))
const baseline = await buildApp(resolve('bench/baseline/app'), resolve('bench/baseline/app/index.html'))
try {
  const first = firstRoute(app.outDir, app.manifest)
  const base = firstRoute(baseline.outDir, baseline.manifest)
  const lazy = Object.values(app.manifest)
    .filter((c) => c.isDynamicEntry)
    .map((c) => ({ name: c.name ?? c.file, gzip_kb: +(gz(join(app.outDir, c.file)) / 1024).toFixed(1) }))
  console.log(
    JSON.stringify(
      {
        first_route_gzip_kb: +(first.bytes / 1024).toFixed(1),
        baseline_gzip_kb: +(base.bytes / 1024).toFixed(1),
        ratio: { value: +(first.bytes / base.bytes).toFixed(3), target: '<= 1.05' },
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
