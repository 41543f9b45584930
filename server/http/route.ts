import type { IncomingMessage } from 'node:http'
import type { z } from 'zod'
import type { Scope } from '../../src/contracts/scopes'
import type { Auth } from '../auth/authenticate'
import type { Db } from '../db/database'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface Context<B = unknown, Q = unknown> {
  params: Record<string, string>
  query: Q
  body: B
  auth: Auth
  db: Db
  /** Scheme, host and port as the caller reached us, for absolute URLs. */
  origin: string
  url: URL
  req: IncomingMessage
}

export interface Result {
  status: number
  body?: unknown
  /** Extra response headers (a streamed body sets its own Content-Type here). */
  headers?: Record<string, string>
  /** A body written piece by piece as it is produced, instead of `body` as JSON. */
  stream?: Iterable<string> | AsyncIterable<string>
}

/** What a `?sharing_access_token=` grants: read access to one recording (PostHog's sharing authentication). */
export interface SharedAccess {
  team_id: number
  recording_id: string
}

/** The context of a request made with a sharing token instead of a key. */
export type SharedContext<Q = unknown> = Omit<Context<undefined, Q>, 'auth' | 'body'> & { sharing: SharedAccess }

/** One endpoint: its path, scope, schemas (also feeding the OpenAPI document) and handler. */
export interface RouteDef<BS extends z.ZodType = z.ZodType, QS extends z.ZodType = z.ZodType> {
  method: Method
  path: string
  /** Required scope; null means any valid key. */
  scope: Scope | null
  summary: string
  tag: string
  body?: BS
  query?: QS
  /** Query parameters that may repeat (`level=INFO&level=ERROR`). */
  repeatable?: string[]
  response?: z.ZodType
  status?: number
  deprecated?: boolean
  experimental?: boolean
  handle: (ctx: Context<z.output<BS>, z.output<QS>>) => Result | Promise<Result>
  /** Also answers GETs that carry `?sharing_access_token=` and no key (the routes PostHog's sharing opens). */
  shared?: (ctx: SharedContext<z.output<QS>>) => Result | Promise<Result>
}

/** Helper that keeps handler parameter types inferred from the schemas. */
export function route<BS extends z.ZodType = z.ZodUnknown, QS extends z.ZodType = z.ZodUnknown>(
  def: RouteDef<BS, QS>,
): RouteDef {
  return def as unknown as RouteDef
}

export interface CompiledRoute {
  def: RouteDef
  pattern: RegExp
  names: string[]
}

export function compile(def: RouteDef): CompiledRoute {
  const names: string[] = []
  const source = def.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      names.push(segment.slice(1))
      return '([^/]+)'
    })
    .join('/')
  return { def, pattern: new RegExp(`^${source}$`), names }
}

export interface Match {
  route?: CompiledRoute
  params: Record<string, string>
  allowed: Method[]
}

/** Finds the route for a method and path; `allowed` lists methods the path has when none match. */
export function match(routes: CompiledRoute[], method: string, path: string): Match {
  const allowed: Method[] = []
  for (const r of routes) {
    const m = r.pattern.exec(path)
    if (!m) continue
    if (r.def.method !== method) {
      allowed.push(r.def.method)
      continue
    }
    const params: Record<string, string> = {}
    r.names.forEach((name, i) => {
      params[name] = safeDecode(m[i + 1] ?? '')
    })
    return { route: r, params, allowed }
  }
  return { params: {}, allowed }
}

/** decodeURIComponent that leaves malformed escapes as they are. */
export function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
