import type { IncomingMessage, ServerResponse } from 'node:http'
import { authenticate, KEY_FIELD, requireScope } from './auth/authenticate'
import { hashKey } from './auth/keys'
import { findSharedRecording } from './db/sharing'
import type { Db } from './db/database'
import type { Env } from './env'
import { readJsonBody } from './http/body'
import { forbidden, HttpError } from './http/errors'
import { sendJson, setSecurityHeaders } from './http/headers'
import { createHealth, healthProbe } from './http/health'
import { createProxy } from './http/proxy'
import { createRateLimiter } from './http/rate-limit'
import { compile, match, type Result, type RouteDef } from './http/route'
import { sendStream } from './http/stream'
import { createStaticHandler } from './http/static'
import { createCaptureHandler, isCapturePath } from './capture/handler'
import { createSharedPageHandler } from './shared-page'
import { aiRoutes } from './routes/ai'
import { batchExportRunRoutes } from './routes/batch-export-runs'
import { batchExportTestRoutes } from './routes/batch-export-tests'
import { batchExportRoutes } from './routes/batch-exports'
import { organizationRoutes } from './routes/organizations'
import { projectRoutes } from './routes/projects'
import { openApiDocument } from './routes/schema'
import { sessionRecordingSnapshotRoutes } from './routes/session-recording-snapshots'
import { sessionRecordingRoutes } from './routes/session-recordings'
import { userRoutes } from './routes/users'

export const ROUTES: RouteDef[] = [
  ...organizationRoutes,
  // Before the export routes: `…/batch_exports/test/` would otherwise match `…/batch_exports/:id/`.
  ...batchExportTestRoutes,
  ...batchExportRunRoutes,
  ...batchExportRoutes,
  ...projectRoutes,
  ...aiRoutes,
  ...sessionRecordingRoutes,
  ...sessionRecordingSnapshotRoutes,
  ...userRoutes,
]

export type AppOptions = Pick<Env, 'RATE_LIMIT_PER_MINUTE' | 'STATIC_DIR' | 'UPSTREAM_URL' | 'LOG_REQUESTS'> & {
  db?: Db
}

/** The query string as an object; `repeatable` names arrive as arrays. The key never reaches a route. */
function queryObject(url: URL, repeatable: string[] = []) {
  const out: Record<string, string | string[]> = {}
  for (const [key, value] of url.searchParams) {
    if (key === KEY_FIELD) continue
    if (repeatable.includes(key)) {
      const list = out[key]
      out[key] = Array.isArray(list) ? [...list, value] : [value]
    } else if (!(key in out)) out[key] = value
  }
  return out
}

/** The URL handlers see (and build next/previous links from): without a key passed in the query string. */
function withoutKey(url: URL) {
  if (!url.searchParams.has(KEY_FIELD)) return url
  const clean = new URL(url)
  clean.searchParams.delete(KEY_FIELD)
  return clean
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH'])

/** The whole product as one request handler: /api from the database (or the upstream), the console otherwise. */
export function createApp(options: AppOptions) {
  const routes = ROUTES.map(compile)
  let schema: ReturnType<typeof openApiDocument> | undefined
  const limiter = createRateLimiter(options.RATE_LIMIT_PER_MINUTE)
  const serveStatic = createStaticHandler(options.STATIC_DIR, { upstream: Boolean(options.UPSTREAM_URL) })
  const proxy = options.UPSTREAM_URL ? createProxy(options.UPSTREAM_URL) : null
  const sharedPage = options.db ? createSharedPageHandler(options.db, options.STATIC_DIR) : null
  // Local mode only: in proxy mode the SDK sends to PostHog itself.
  const capture = options.db ? createCaptureHandler(options.db) : null
  const health = createHealth({ db: options.db, upstream: options.UPSTREAM_URL })

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const db = options.db!
    const method = req.method ?? 'GET'
    if (/^\/api\/schema\/?$/.test(url.pathname) && method === 'GET')
      return sendJson(res, 200, (schema ??= openApiDocument(ROUTES)))
    const found = match(routes, method, url.pathname)
    if (!found.route) {
      if (found.allowed.length) {
        throw new HttpError(405, 'invalid_request', 'method_not_allowed', `Method "${method}" not allowed.`, null, {
          Allow: found.allowed.join(', '),
        })
      }
      throw new HttpError(404, 'invalid_request', 'not_found', 'Not found.')
    }
    const def = found.route.def
    const sharingToken = url.searchParams.get('sharing_access_token')
    if (sharingToken !== null) return handleShared(req, res, url, def, found.params, sharingToken)
    let body: Promise<unknown> | undefined
    const readBody = () => (body ??= BODY_METHODS.has(method) ? readJsonBody(req) : Promise.resolve(undefined))
    let auth
    try {
      auth = await authenticate(db, req, url, readBody)
    } catch (error) {
      const wait = limiter.hit(`ip:${req.socket.remoteAddress}`)
      if (wait !== null) throw throttled(wait)
      throw error
    }
    const wait = limiter.hit(`key:${auth.key.id}`)
    if (wait !== null) throw throttled(wait)
    if (def.scope) requireScope(auth, def.scope)
    const result = await def.run({
      params: found.params,
      query: queryObject(url, def.repeatable),
      body: await readBody(),
      auth,
      db,
      origin: `http://${req.headers.host ?? 'localhost'}`,
      url: withoutKey(url),
      req,
    })
    await send(req, res, result)
  }

  /**
   * A request authenticated by a recording's sharing token instead of a key, as PostHog's
   * SharingAccessTokenAuthentication: GET only, an enabled token, and only routes that allow it (the
   * handler then checks the path names the shared recording). Rate-limited per token.
   */
  async function handleShared(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    def: RouteDef,
    params: Record<string, string>,
    token: string,
  ) {
    const db = options.db!
    const sharing = findSharedRecording(db, token)
    const wait = limiter.hit(sharing ? `share:${hashKey(token)}` : `ip:${req.socket.remoteAddress}`)
    if (wait !== null) throw throttled(wait)
    if (req.method !== 'GET')
      throw new HttpError(
        401,
        'authentication_error',
        'authentication_failed',
        'Sharing access token can only be used for GET requests.',
      )
    if (!sharing)
      throw new HttpError(401, 'authentication_error', 'authentication_failed', 'Sharing access token is invalid.')
    if (!def.runShared) throw forbidden('You do not have permission to perform this action.')
    const origin = `http://${req.headers.host ?? 'localhost'}`
    const query = queryObject(url, def.repeatable)
    await send(req, res, await def.runShared({ params, query, db, origin, url, req, sharing }))
  }

  async function send(req: IncomingMessage, res: ServerResponse, result: Result) {
    if (result.stream) await sendStream(req, res, result.status, result.headers ?? {}, result.stream)
    else sendJson(res, result.status, result.body, result.headers)
  }

  return async function handle(req: IncomingMessage, res: ServerResponse) {
    const started = performance.now()
    setSecurityHeaders(res)
    let url: URL
    try {
      url = new URL(req.url ?? '/', 'http://localhost')
    } catch {
      return sendJson(res, 400, { type: 'invalid_request', code: 'bad_url', detail: 'Malformed URL.', attr: null })
    }
    try {
      if (healthProbe(url.pathname)) {
        await health(req, res, url)
      } else if (capture && isCapturePath(url.pathname)) {
        await capture(req, res, url)
      } else if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
        if (proxy) await proxy(req, res, url.pathname + url.search)
        else await handleApi(req, res, url)
      } else if (sharedPage && /^\/(shared|embedded)\/[^/]+\/?$/.test(url.pathname)) {
        sharedPage(res, url.pathname)
      } else {
        serveStatic(req, res, url.pathname)
      }
    } catch (error) {
      const failure =
        error instanceof HttpError
          ? error
          : new HttpError(500, 'server_error', 'error', 'Something went wrong on the server. It has been logged.')
      if (!(error instanceof HttpError)) console.error(`[${req.method} ${url.pathname}]`, error)
      if (!res.headersSent) sendJson(res, failure.status, failure.body(), failure.headers)
      else res.end()
    } finally {
      if (options.LOG_REQUESTS === '1') {
        const path = loggedPath(url.pathname)
        console.log(`${req.method} ${path} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`)
      }
    }
  }
}

/** A public recording link's path carries its access token (a secret): the request log gets it without. */
const loggedPath = (pathname: string) => pathname.replace(/^\/(shared|embedded)\/[^/]+/, '/$1/…')

const throttled = (seconds: number) =>
  new HttpError(
    429,
    'throttled_error',
    'throttled',
    `Request was throttled. Expected available in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    null,
    { 'Retry-After': String(seconds) },
  )
