import type { IncomingMessage, ServerResponse } from 'node:http'
import type { z } from 'zod'
import { authenticate, requireScope } from './auth/authenticate'
import type { Db } from './db/database'
import type { Env } from './env'
import { readJsonBody } from './http/body'
import { fromZod, HttpError } from './http/errors'
import { sendJson, setSecurityHeaders } from './http/headers'
import { createHealth, healthProbe } from './http/health'
import { createProxy } from './http/proxy'
import { createRateLimiter } from './http/rate-limit'
import { compile, match, type RouteDef } from './http/route'
import { createStaticHandler } from './http/static'
import { createSharedPageHandler } from './shared-page'
import { aiRoutes } from './routes/ai'
import { batchExportRoutes } from './routes/batch-exports'
import { organizationRoutes } from './routes/organizations'
import { projectRoutes } from './routes/projects'
import { openApiDocument } from './routes/schema'
import { sessionRecordingRoutes } from './routes/session-recordings'
import { userRoutes } from './routes/users'

export const ROUTES: RouteDef[] = [
  ...organizationRoutes,
  ...batchExportRoutes,
  ...projectRoutes,
  ...aiRoutes,
  ...sessionRecordingRoutes,
  ...userRoutes,
]

export type AppOptions = Pick<Env, 'RATE_LIMIT_PER_MINUTE' | 'STATIC_DIR' | 'UPSTREAM_URL' | 'LOG_REQUESTS'> & {
  db?: Db
}

/** Parses with a contract schema; the first problem becomes a validation_error naming its field. */
function validate(schema: z.ZodType, input: unknown): unknown {
  const parsed = schema.safeParse(input)
  if (!parsed.success) throw fromZod(parsed.error)
  return parsed.data
}

function queryObject(url: URL, repeatable: string[] = []) {
  const out: Record<string, string | string[]> = {}
  for (const [key, value] of url.searchParams) {
    if (repeatable.includes(key)) ((out[key] ??= []) as string[]).push(value)
    else if (!(key in out)) out[key] = value
  }
  return out
}

/** The whole product as one request handler: /api from the database (or the upstream), the console otherwise. */
export function createApp(options: AppOptions) {
  const routes = ROUTES.map(compile)
  let schema: ReturnType<typeof openApiDocument> | undefined
  const limiter = createRateLimiter(options.RATE_LIMIT_PER_MINUTE)
  const serveStatic = createStaticHandler(options.STATIC_DIR)
  const proxy = options.UPSTREAM_URL ? createProxy(options.UPSTREAM_URL) : null
  const sharedPage = options.db ? createSharedPageHandler(options.db) : null
  const health = createHealth({ db: options.db, upstream: options.UPSTREAM_URL })

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const db = options.db!
    const method = req.method ?? 'GET'
    if (url.pathname === '/api/schema/' && method === 'GET')
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
    let auth
    try {
      auth = authenticate(db, req)
    } catch (error) {
      const wait = limiter.hit(`ip:${req.socket.remoteAddress}`)
      if (wait !== null) throw throttled(wait)
      throw error
    }
    const wait = limiter.hit(`key:${auth.key.id}`)
    if (wait !== null) throw throttled(wait)
    if (def.scope) requireScope(auth, def.scope)
    const raw = method === 'GET' || method === 'DELETE' ? undefined : await readJsonBody(req)
    const body = def.body ? validate(def.body, raw === undefined ? {} : raw) : undefined
    const query = def.query ? validate(def.query, queryObject(url, def.repeatable)) : {}
    const origin = `http://${req.headers.host ?? 'localhost'}`
    const result = await def.handle({ params: found.params, query, body, auth, db, origin, url, req })
    sendJson(res, result.status, result.body)
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
