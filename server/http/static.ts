import { createReadStream, readFileSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, normalize, resolve } from 'node:path'
import { routePreloadTags } from './route-preloads'
import { safeDecode } from './route'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
}

const FALLBACK_PAGE = `<!doctype html><meta charset="utf-8"><title>Analytics Admin</title>
<p>The console has not been built. Run <code>npm run build</code> (or <code>npm start</code>, which builds first).</p>`

/**
 * In proxy mode index.html says the API behind it is a real PostHog, so the console speaks only what
 * PostHog understands (e.g. the recordings list's query: src/api/upstream.ts).
 */
const UPSTREAM_META = '<meta name="api-upstream" content="posthog">'

/**
 * Serves the built console: files under `dir`, and index.html for any other GET (client-side routes).
 * `upstream`: the server is in proxy mode.
 */
export function createStaticHandler(dir: string, { upstream = false } = {}) {
  const root = resolve(dir)
  const indexPath = join(root, 'index.html')
  const preloadsPath = join(root, 'route-preloads.json')
  // Re-read index.html when a rebuild replaced it, so it never points at deleted asset files.
  let index: { mtimeMs: number; html: string; tags: (pathname: string) => string } | null = null
  const indexHtml = (pathname: string) => {
    const stat = fileStat(indexPath)
    if (!stat) return null
    if (index?.mtimeMs !== stat.mtimeMs) {
      const preloads = fileStat(preloadsPath) ? readFileSync(preloadsPath, 'utf8') : '{}'
      index = { mtimeMs: stat.mtimeMs, html: readFileSync(indexPath, 'utf8'), tags: routePreloadTags(preloads) }
    }
    // The page's own code is fetched alongside the entry instead of after it has run.
    return index.html.replace('</head>', `${upstream ? UPSTREAM_META : ''}${index.tags(pathname)}</head>`)
  }

  return (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }).end('Method not allowed')
      return
    }
    const file = normalize(join(root, safeDecode(pathname)))
    const stat = file.startsWith(root + '/') ? fileStat(file) : null
    if (stat) {
      const immutable = pathname.startsWith('/assets/')
      res.writeHead(200, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Content-Length': stat.size,
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      })
      if (req.method === 'HEAD') res.end()
      else createReadStream(file).pipe(res)
      return
    }
    if (extname(pathname) && pathname.startsWith('/assets/')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found')
      return
    }
    const html = indexHtml(pathname)
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' })
    res.end(req.method === 'HEAD' ? undefined : (html ?? FALLBACK_PAGE))
  }
}

/** The file's stats when it is a regular file, else null. */
function fileStat(path: string) {
  const stat = statSync(path, { throwIfNoEntry: false })
  return stat?.isFile() ? stat : null
}
