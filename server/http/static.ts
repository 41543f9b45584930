import { closeSync, createReadStream, fstatSync, openSync, readFileSync, statSync, type Stats } from 'node:fs'
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { extname, join, normalize, resolve } from 'node:path'
import { pipeline } from 'node:stream'
import { acceptedEncodings, compressSync, ENCODINGS, PRECOMPRESSED_SUFFIX, type Encoding } from './compress'
import { contentEtag, notModified } from './etag'
import { firstRequestsScript } from './first-requests'
import { consolePolicy } from './headers'
import { routePreloadTags } from './route-preloads'
import { safeDecode } from './route'
import { sendNotModified } from './send-body'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
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
 * Serves the built console: files under `dir` (with their precompressed `.br`/`.gz` siblings when the
 * client accepts them), and index.html with the route's preload tags for any other GET (client routes).
 * `upstream`: the server is in proxy mode.
 */
export function createStaticHandler(dir: string, { upstream = false } = {}) {
  const root = resolve(dir)
  const indexPath = join(root, 'index.html')
  const preloadsPath = join(root, 'route-preloads.json')
  const html = createHtmlSender()
  // Re-read index.html when a rebuild replaced it, so it never points at deleted asset files.
  let index: { mtimeMs: number; html: string; tags: (pathname: string) => string; policy: string } | null = null
  const indexHtml = (pathname: string) => {
    const stat = fileStat(indexPath)
    if (!stat) return null
    if (index?.mtimeMs !== stat.mtimeMs) {
      const preloads = fileStat(preloadsPath) ? readFileSync(preloadsPath, 'utf8') : '{}'
      const early = firstRequestsScript(join(root, 'first-requests.js'))
      // Early in the head: the upstream meta first (the script reads it), then the script, before the
      // parser reaches the entry and the preloads, so the API requests queue ahead of the code.
      const head = `${upstream ? UPSTREAM_META : ''}${early?.tag ?? ''}`
      const source = readFileSync(indexPath, 'utf8')
      const charset = /<meta charset="?utf-8"?\s*\/?>/i
      index = {
        mtimeMs: stat.mtimeMs,
        html: charset.test(source)
          ? source.replace(charset, (m) => m + head)
          : source.replace('<head>', '<head>' + head),
        tags: routePreloadTags(preloads),
        policy: consolePolicy(early ? [early.cspSource] : []),
      }
    }
    // The page's own code is fetched alongside the entry instead of after it has run.
    return {
      html: index.html.replace('</head>', `${index.tags(pathname)}</head>`),
      headers: { 'Content-Security-Policy': index.policy },
    }
  }

  return (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }).end('Method not allowed')
      return
    }
    const file = normalize(join(root, safeDecode(pathname)))
    const stat = file.startsWith(root + '/') ? fileStat(file) : null
    if (stat) {
      // Hashed build output never changes under its name; anything else is revalidated on every use.
      const immutable = pathname.startsWith('/assets/')
      return sendFile(req, res, file, stat, immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    }
    if (extname(pathname) && pathname.startsWith('/assets/')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found')
      return
    }
    const page = indexHtml(pathname)
    html(req, res, page?.html ?? FALLBACK_PAGE, page?.headers)
  }
}

/**
 * Sends a page the server composes (index.html with a route's tags): revalidated with an ETag of its
 * content (304 when unchanged) and compressed once per distinct page, then kept.
 */
export function createHtmlSender(headers: OutgoingHttpHeaders = {}) {
  type Page = { etag: string; identity: Buffer; encoded: Partial<Record<Encoding, Buffer>> }
  const pages = new Map<string, Page>()
  return (req: IncomingMessage, res: ServerResponse, html: string, pageHeaders: OutgoingHttpHeaders = {}) => {
    let page = pages.get(html)
    if (!page) {
      const identity = Buffer.from(html)
      page = { etag: contentEtag(identity), identity, encoded: {} }
      // One entry per route pattern in practice; the bound only guards against a build with very many.
      if (pages.size >= 256) pages.delete(pages.keys().next().value!)
      pages.set(html, page)
    }
    const head: OutgoingHttpHeaders = {
      ...headers,
      ...pageHeaders,
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      ETag: page.etag,
      Vary: 'Accept-Encoding',
    }
    if (notModified(req, page.etag)) return sendNotModified(res, head)
    const encoding = acceptedEncodings(req.headers['accept-encoding'])[0]
    const body = encoding ? (page.encoded[encoding] ??= compressSync(page.identity, encoding, 'max')) : page.identity
    res.writeHead(200, {
      ...head,
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
      'Content-Length': body.length,
    })
    res.end(body)
  }
}

/** Types worth compressing; the build writes `.br`/`.gz` siblings for them (scripts/precompress.ts). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.ico', '.json', '.map', '.txt', '.wasm'])

/**
 * A file from disk in the best encoding that has a usable precompressed sibling. A sibling that is
 * missing, not a regular file, empty, older than the file itself (left over from an earlier build) or
 * unreadable is skipped: the next acceptable encoding, and in the end the file itself, is sent instead.
 */
function sendFile(req: IncomingMessage, res: ServerResponse, file: string, stat: Stats, cacheControl: string) {
  const compressible = COMPRESSIBLE.has(extname(file))
  const headers: OutgoingHttpHeaders = {
    'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
    // Size and time of the file itself, so every encoding of it shares the validator (hence weak).
    ETag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
    ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
  }
  if (notModified(req, headers.ETag as string)) return sendNotModified(res, headers)
  const accepted = compressible ? acceptedEncodings(req.headers['accept-encoding'], ENCODINGS) : []
  let chosen: { fd: number; size: number; encoding?: Encoding } | null = null
  for (const encoding of accepted) {
    chosen = openVariant(file + PRECOMPRESSED_SUFFIX[encoding], stat)
    if (chosen) {
      chosen.encoding = encoding
      break
    }
  }
  chosen ??= openPlain(file)
  if (!chosen) {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found')
    return
  }
  res.writeHead(200, {
    ...headers,
    ...(chosen.encoding ? { 'Content-Encoding': chosen.encoding } : {}),
    'Content-Length': chosen.size,
  })
  if (req.method === 'HEAD' || chosen.size === 0) {
    closeSync(chosen.fd)
    res.end()
    return
  }
  // Headers are out: a read failing now can only cut the answer short (pipeline then closes both ends,
  // and the descriptor), which the client notices from the Content-Length.
  pipeline(createReadStream(file, { fd: chosen.fd, start: 0, end: chosen.size - 1 }), res, () => {})
}

function openVariant(path: string, original: Stats) {
  const opened = openPlain(path)
  if (!opened) return null
  const stale = opened.mtimeMs < original.mtimeMs
  if (stale || (opened.size === 0 && original.size > 0)) {
    closeSync(opened.fd)
    return null
  }
  return opened
}

/** Opens a regular file and takes its stats from the open descriptor (no race with a rebuild), or null. */
function openPlain(path: string): { fd: number; size: number; mtimeMs: number } | null {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch {
    return null
  }
  try {
    const stat = fstatSync(fd)
    if (stat.isFile()) return { fd, size: stat.size, mtimeMs: stat.mtimeMs }
  } catch {
    // fall through: treated as missing
  }
  closeSync(fd)
  return null
}

/** The file's stats when it is a regular file, else null. */
function fileStat(path: string) {
  const stat = statSync(path, { throwIfNoEntry: false })
  return stat?.isFile() ? stat : null
}
