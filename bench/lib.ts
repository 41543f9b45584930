import autocannon from 'autocannon'
import react from '@vitejs/plugin-react'
import { Agent, request } from 'node:http'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, createBuilder, type Manifest } from 'vite'
import { precompress } from '../scripts/precompress'
import { startTsProcess } from '../server/test/process'

/** Starts a TypeScript entry with tsx and waits for its ready line. */
export const startProcess = async (args: string[], env: Record<string, string> = {}, ready = /Ready/) =>
  (await startTsProcess(args, env, ready)).child

/** The p-th percentile of ascending `sorted` values (nearest rank). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

/** Sequential latency of `n` requests (after a short warm-up), in ms. */
export async function latency(url: string, init: RequestInit = {}, n = 200) {
  for (let i = 0; i < 10; i++) await (await fetch(url, init)).arrayBuffer()
  const times: number[] = []
  for (let i = 0; i < n; i++) {
    const t = performance.now()
    const res = await fetch(url, init)
    await res.arrayBuffer()
    if (res.status >= 400) throw new Error(`${url} answered ${res.status}`)
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  return { p50_ms: +percentile(times, 50).toFixed(2), p99_ms: +percentile(times, 99).toFixed(2) }
}

/** Requests per second from autocannon on loopback, bounded to `seconds`. */
export async function throughput(url: string, headers: Record<string, string> = {}, seconds = 5, connections = 10) {
  const result = await autocannon({ url, headers, duration: seconds, connections })
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return { rps: Math.round(result.requests.average), p50_ms: result.latency.p50, p99_ms: result.latency.p99 }
}

/**
 * A production build of the app at `root` into a new temp dir (the caller removes it), with its manifest:
 * with that root's vite.config.ts when `withConfig` (the console, as `npm run build` makes it), else bare
 * but precompressed as the console is (so both are served the same production way).
 */
export async function buildApp(root: string, input: string, withConfig = false) {
  const outDir = mkdtempSync(join(tmpdir(), 'aa-build-'))
  await build({
    root,
    configFile: withConfig ? join(root, 'vite.config.ts') : false,
    logLevel: 'silent',
    plugins: withConfig ? [] : [react(), precompress()],
    build: { outDir, manifest: true, emptyOutDir: true, rollupOptions: { input } },
  })
  // The console's index.html also inlines the first requests script, an environment of its own
  // (vite.config.ts): built into the same directory, as `vite build` does.
  if (withConfig) {
    const builder = await createBuilder({
      root,
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'silent',
      environments: { firstRequests: { build: { outDir } } },
    })
    await builder.build(builder.environments.firstRequests!)
  }
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest
  return { outDir, manifest }
}

export type Req = { method: 'GET' | 'PATCH' | 'POST'; path: string; body?: string }

/**
 * The paced load's requests, what the console asks most: a first and a deep recordings page, the
 * organization, then `extra` (each bench's own reads and writes), and creating an organization.
 */
export function apiMix(projectId: number, organizationId: string, extra: Req[]): Req[] {
  const rec = `/api/projects/${projectId}/session_recordings/`
  return [
    { method: 'GET', path: `${rec}?limit=100` },
    { method: 'GET', path: `${rec}?limit=100&offset=5000&order=duration` },
    { method: 'GET', path: `/api/organizations/${organizationId}/` },
    ...extra,
    { method: 'POST', path: '/api/organizations/', body: JSON.stringify({ name: 'Load test org' }) },
  ]
}

type Paced = { clients: number; rate: number; seconds: number }

/** `clients` clients, each sending the mix in turn after an exponential think time (mean 1 / `rate` s), for `seconds`. */
export async function pacedClients(port: number, headers: Record<string, string>, mix: Req[], options: Paced) {
  return (await pacedModes(port, mix, options, { all: headers })).all
}

/**
 * The same run cut into `blockMs` blocks that alternate between `modes` (each with its own request
 * headers), with percentiles per mode: alternating blocks share whatever else the machine is doing, so
 * the modes are comparable on a busy box where two runs one after the other are not. With more than one
 * mode, a first block of warm-up (JIT, SQLite's page cache) counts for none: it would weigh on the first.
 */
export async function pacedModes<M extends string>(
  port: number,
  mix: Req[],
  { clients: CLIENTS, rate: RATE, seconds: SECONDS, blockMs = 2000 }: Paced & { blockMs?: number },
  modes: Record<M, Record<string, string>>,
): Promise<Record<M, ReturnType<typeof summary>>> {
  const names = Object.keys(modes) as M[]
  // Every mode gets at least two blocks, however short the run (a 2 s run would otherwise be one block).
  const block = Math.min(blockMs, (SECONDS * 1000) / (names.length * 2))
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS })
  const send = (r: Req, headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, agent, method: r.method, path: r.path, headers }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      })
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')))
      req.on('error', reject)
      req.end(r.body)
    })
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  const results = names.map(() => ({ times: [] as number[], errors: 0, non2xx: 0 }))
  const start = performance.now() + (names.length > 1 ? block : 0)
  const end = start + SECONDS * 1000
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = client; ; i++) {
        await sleep((-Math.log(1 - Math.random()) * 1000) / RATE)
        const started = performance.now()
        if (started >= end) return
        const r = mix[i % mix.length]!
        if (started < start) {
          await send(r, modes[names[i % names.length]!]).catch(() => 0)
          continue
        }
        const mode = Math.floor((started - start) / block) % names.length
        const result = results[mode]!
        try {
          if ((await send(r, modes[names[mode]!])) >= 300) result.non2xx++
          result.times.push(performance.now() - started)
        } catch {
          result.errors++
        }
      }
    }),
  )
  agent.destroy()
  return Object.fromEntries(names.map((name, n) => [name, summary(results[n]!, SECONDS / names.length)])) as Record<
    M,
    ReturnType<typeof summary>
  >
}

function summary({ times, errors, non2xx }: { times: number[]; errors: number; non2xx: number }, seconds: number) {
  times.sort((a, b) => a - b)
  const at = (p: number) => +percentile(times, p).toFixed(1)
  return {
    requests: times.length + errors,
    rps: Math.round((times.length + errors) / seconds),
    errors,
    non_2xx: non2xx,
    latency_ms: { p50: at(50), p90: at(90), p99: at(99) },
  }
}
