import { readdirSync, readFileSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * posthog-js's own browser bundles, served as PostHog's asset host serves them: `/static/array.js`
 * (what the snippet loads), `/static/lazy-recorder.js` and every other bundle the SDK lazy-loads
 * (`/static/<name>.js?v=…`, or `/static/<version>/<name>.js` with strict versioning). Only the
 * files of the installed package's dist folder are reachable; each is read (and gzipped) once.
 */
export function createSdkBundles() {
  const dist = join(dirname(createRequire(import.meta.url).resolve('posthog-js/package.json')), 'dist')
  const version = (JSON.parse(readFileSync(join(dist, '..', 'package.json'), 'utf8')) as { version: string }).version
  const names = new Set(readdirSync(dist).filter((f) => /^[a-z0-9][a-z0-9.-]*\.js$/.test(f)))
  const cache = new Map<string, { raw: Buffer; gzip: Buffer }>()

  const load = (name: string) => {
    let entry = cache.get(name)
    if (!entry) {
      const raw = readFileSync(join(dist, name))
      cache.set(name, (entry = { raw, gzip: gzipSync(raw) }))
    }
    return entry
  }

  /** The bundle a `/static/…` path names, or null when there is none by that name. */
  const resolve = (pathname: string): { name: string; pinned: boolean } | null => {
    const match = /^\/static\/(?:([0-9][\w.+-]*)\/)?([^/]+)$/.exec(pathname)
    if (!match || !names.has(match[2]!)) return null
    if (match[1] && match[1] !== version) return null
    return { name: match[2]!, pinned: Boolean(match[1]) }
  }

  return {
    version,
    /** Reads a bundle's text (array.js is prefixed to a project's `/array/{token}/array.js`). */
    text: (name: string) => load(name).raw.toString('utf8'),
    resolve,
    send(res: ServerResponse, name: string, pinned: boolean, acceptsGzip: boolean, head: boolean) {
      const entry = load(name)
      const body = acceptsGzip ? entry.gzip : entry.raw
      res.writeHead(200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Content-Length': body.length,
        // A version-pinned path never changes; an unpinned one changes when posthog-js is upgraded.
        'Cache-Control': pinned ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        Vary: 'Accept-Encoding',
        ...(acceptsGzip ? { 'Content-Encoding': 'gzip' } : {}),
      })
      res.end(head ? undefined : body)
    },
  }
}
