import autocannon from 'autocannon'
import react from '@vitejs/plugin-react'
import { Agent, request } from 'node:http'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, type Manifest } from 'vite'
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
 * with that root's vite.config.ts when `withConfig` (the console, as `npm run build` makes it), else bare.
 */
export async function buildApp(root: string, input: string, withConfig = false) {
  const outDir = mkdtempSync(join(tmpdir(), 'aa-build-'))
  await build({
    root,
    configFile: withConfig ? join(root, 'vite.config.ts') : false,
    logLevel: 'silent',
    plugins: withConfig ? [] : [react()],
    build: { outDir, manifest: true, emptyOutDir: true, rollupOptions: { input } },
  })
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest
  return { outDir, manifest }
}

export type Req = { method: 'GET' | 'PATCH' | 'POST'; path: string; body?: string }

/** `clients` clients, each sending the mix in turn after an exponential think time (mean 1 / `rate` s), for `seconds`. */
export async function pacedClients(
  port: number,
  headers: Record<string, string>,
  mix: Req[],
  { clients: CLIENTS, rate: RATE, seconds: SECONDS }: { clients: number; rate: number; seconds: number },
) {
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS })
  const send = (r: Req) =>
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
  const times: number[] = []
  let errors = 0
  let non2xx = 0
  const end = performance.now() + SECONDS * 1000
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = client; ; i++) {
        await sleep((-Math.log(1 - Math.random()) * 1000) / RATE)
        if (performance.now() >= end) return
        const started = performance.now()
        try {
          if ((await send(mix[i % mix.length]!)) >= 300) non2xx++
          times.push(performance.now() - started)
        } catch {
          errors++
        }
      }
    }),
  )
  agent.destroy()
  times.sort((a, b) => a - b)
  const at = (p: number) => +percentile(times, p).toFixed(1)
  return {
    requests: times.length + errors,
    rps: Math.round((times.length + errors) / SECONDS),
    errors,
    non_2xx: non2xx,
    latency_ms: { p50: at(50), p90: at(90), p99: at(99) },
  }
}
