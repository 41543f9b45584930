// A/B of console builds: cold loads to the first recordings row of each checkout in BENCH_AB_ROOTS
// (comma-separated paths, e.g. git worktrees of two commits) and of the bare-stack baseline, alternating
// load by load on one database, at each CPU rate in BENCH_AB_RATES; loopback, or the shaped network
// (bench/network-shaper.ts) with BENCH_AB_NETWORK=1. Prints JSON: medians of the first row in the
// document and painted, per build. Loads are timed as bench/console.ts times them (bench/cold-load.ts).
// For one change measured alone (bench/README's per-step table); bench/console.ts is the full bench.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { openDatabase } from '../server/db/database'
import { seedScale } from '../server/seed/scale'
import { randomPort, startServerProcess } from '../server/test/process'
import { startColdLoads, type ColdApp } from './cold-load'
import { buildApp } from './lib'

const roots = (process.env.BENCH_AB_ROOTS ?? '.').split(',').map((r) => resolve(r))
const rates = (process.env.BENCH_AB_RATES ?? '1,4').split(',').map(Number)
const RUNS = Number(process.env.BENCH_RUNS ?? 9)
const network = process.env.BENCH_AB_NETWORK === '1'

const dir = mkdtempSync(join(tmpdir(), 'aa-bench-ab-'))
const dbPath = join(dir, 'bench.sqlite')
const { db } = openDatabase(dbPath)
const { key, project_id } = seedScale(db, { recordings: 20_000, exports: 5, runsPerExport: 10 })
db.close()
const children: { kill: () => void }[] = []
const serve = async (staticDir: string) => {
  const port = randomPort()
  const env = {
    PORT: String(port),
    DATABASE_PATH: dbPath,
    STATIC_DIR: staticDir,
    RATE_LIMIT_PER_MINUTE: '0',
    ENGINE: '0',
  }
  children.push((await startServerProcess(env)).child)
  return `http://127.0.0.1:${port}`
}

type App = ColdApp & { name: string }
const apps: App[] = []
for (const [i, root] of roots.entries()) {
  const build = await buildApp(root, join(root, 'index.html'), true)
  const origin = await serve(build.outDir)
  apps.push({
    name: `${i}:${root}`,
    url: `${origin}/projects/${project_id}/recordings#key=${key}`,
    selector: 'table[aria-label="Recordings"] tbody tr[data-row-id]',
  })
}
const baseline = await buildApp(resolve('bench/baseline/app'), resolve('bench/baseline/app/index.html'))
apps.push({
  name: 'baseline',
  url: `${await serve(baseline.outDir)}/?project=${project_id}`,
  selector: 'table tbody tr',
  key,
})

const median = (values: number[]) => +[...values].sort((a, b) => a - b)[values.length >> 1]!.toFixed(1)
const loads = await startColdLoads()
const coldLoad = (app: App, rate: number) => loads.coldLoad(app, rate, network ? 'network_40ms_10mbit' : 'loopback')
const deadline = setTimeout(() => process.exit(1), 20 * 60_000).unref()
try {
  const results: Record<string, unknown> = {}
  for (const rate of rates) {
    const runs = new Map(apps.map((app) => [app.name, { inserted: [] as number[], painted: [] as number[] }]))
    // One warm-up round (server and SQLite), then RUNS rounds; the order alternates round by round.
    for (let round = 0; round <= RUNS; round++) {
      for (const app of round % 2 ? [...apps].reverse() : apps) {
        const row = await coldLoad(app, rate)
        if (round > 0) {
          runs.get(app.name)!.inserted.push(row.inserted)
          runs.get(app.name)!.painted.push(row.painted)
        }
      }
    }
    const base = runs.get('baseline')!
    results[`cpu_${rate}x`] = Object.fromEntries(
      [...runs].map(([name, r]) => [
        name,
        {
          in_document_ms: median(r.inserted),
          painted_ms: median(r.painted),
          ratio: +(median(r.inserted) / median(base.inserted)).toFixed(2),
          painted_ratio: +(median(r.painted) / median(base.painted)).toFixed(2),
          runs: r.inserted.map((t) => Math.round(t)),
        },
      ]),
    )
  }
  console.log(JSON.stringify({ runs: RUNS, network, recordings: 20_000, ...results }, null, 2))
} finally {
  clearTimeout(deadline)
  await loads.close()
  for (const child of children) child.kill()
  rmSync(dir, { recursive: true, force: true })
}
