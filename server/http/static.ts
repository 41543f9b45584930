import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, normalize, resolve } from 'node:path'

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

/** Serves the built console: files under `dir`, and index.html for any other GET (client-side routes). */
export function createStaticHandler(dir: string) {
  const root = resolve(dir)
  const indexPath = join(root, 'index.html')
  let indexHtml: Buffer | null = null
  const index = () => (indexHtml ??= existsSync(indexPath) ? readFileSync(indexPath) : null)

  return (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }).end('Method not allowed')
      return
    }
    const file = normalize(join(root, decodeURIComponentSafe(pathname)))
    if (file.startsWith(root + '/') && existsSync(file) && statSync(file).isFile()) {
      const immutable = pathname.startsWith('/assets/')
      res.writeHead(200, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Content-Length': statSync(file).size,
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
    const html = index()
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' })
    res.end(req.method === 'HEAD' ? undefined : (html ?? FALLBACK_PAGE))
  }
}

function decodeURIComponentSafe(value: string) {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
