import type { IncomingMessage } from 'node:http'
import type { z } from 'zod'
import type { Scope } from '../../src/contracts/scopes'
import type { Auth } from '../auth/authenticate'
import type { Db } from '../db/database'
import { parseBody, parseParams, parseQuery } from './validation'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** `/api/projects/:project_id/x/:id/` → `{ project_id: string; id: string }`. */
export type PathParams<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<Rest>
  : Path extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, string>

/** What every handler gets besides its parsed params, query and body. */
export interface RequestContext {
  auth: Auth
  db: Db
  /** Scheme, host and port as the caller reached us, for absolute URLs. */
  origin: string
  url: URL
  req: IncomingMessage
}

export interface Context<Params, Query, Body, Loaded = undefined> extends RequestContext {
  params: Params
  query: Query
  body: Body
  /** What the route's `load` returned (undefined without one). */
  loaded: Loaded
}

export interface Result<Body = unknown> {
  status: number
  body?: Body
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

/** The context of a request made with a sharing token instead of a key: no auth, no body. */
export type SharedContext<Params, Query> = Omit<RequestContext, 'auth'> & {
  params: Params
  query: Query
  sharing: SharedAccess
}

type Schema = z.core.$ZodType | undefined
type Out<S extends Schema, Fallback> = S extends z.core.$ZodType ? z.output<S> : Fallback
type Awaitable<T> = T | Promise<T>

/**
 * One endpoint as written in server/routes/*: its path, scope and zod schemas (which also feed the
 * OpenAPI document), an optional `load` and the handler.
 *
 * - `params`: a z.object of the path's `:names`. A value it refuses answers 404 with the refusing
 *   schema's message ("Project not found."). Without `params` the handler gets the path's names as
 *   strings, typed from the path itself.
 * - `query`: a z.object of the query string (every value arrives as a string; `repeatable` names the
 *   ones that may repeat and arrive as arrays). Refusals are 400s in DRF's words.
 * - `body`: parsed as DRF serializers do: unknown and read-only fields are dropped, a non-object is
 *   "Invalid data. Expected a dictionary, …", and every problem answers with DRF's code and text.
 * - `load`: runs after params and query, before the body is parsed, as DRF's get_object() runs before
 *   its serializer: resolve and authorize the target here, so a missing or forbidden object answers
 *   404/403 even when the body is also wrong. Its result reaches the handler as `loaded`.
 *
 *   route({
 *     method: 'PATCH', path: '/api/projects/:project_id/things/:id/', scope: 'thing:write',
 *     summary: 'Update a thing', tag: 'things',
 *     params: z.object({ project_id: projectId, id: z.uuid('Not found.') }),
 *     body: thingPatch, response: thing,
 *     load: ({ db, auth, params }) => projectAccess(db, auth, params.project_id),
 *     handle: ({ loaded: project, body }) => ({ status: 200, body: updateThing(project.id, body) }),
 *   })
 */
export interface RouteSpec<
  Path extends string,
  PS extends Schema,
  QS extends Schema,
  BS extends Schema,
  RS extends Schema,
  Loaded,
> {
  method: Method
  path: Path
  /** Required scope; null means any valid key. */
  scope: Scope | null
  summary: string
  tag: string
  params?: PS
  query?: QS
  body?: BS
  /** Query parameters that may repeat (`level=INFO&level=ERROR`). */
  repeatable?: string[]
  response?: RS
  status?: number
  deprecated?: boolean
  experimental?: boolean
  load?: (ctx: Context<Out<PS, PathParams<Path>>, Out<QS, Record<never, never>>, undefined>) => Awaitable<Loaded>
  handle: (
    ctx: Context<Out<PS, PathParams<Path>>, Out<QS, Record<never, never>>, Out<BS, undefined>, Loaded>,
  ) => Awaitable<Result<RS extends z.core.$ZodType ? z.input<RS> : unknown>>
  /** Also answers GETs that carry `?sharing_access_token=` and no key (the routes PostHog's sharing opens). */
  shared?: (ctx: SharedContext<Out<PS, PathParams<Path>>, Out<QS, Record<never, never>>>) => Awaitable<Result>
}

/** The raw request as the app hands it to a route: decoded path segments, query object, JSON body. */
export interface RouteInput extends RequestContext {
  params: Record<string, string>
  query: Record<string, string | string[]>
  body: unknown
}

/** The raw request made with a sharing token, as the app hands it to a route's `runShared`. */
export type SharedInput = Omit<RouteInput, 'auth' | 'body'> & { sharing: SharedAccess }

/** A route as the app, the OpenAPI generator and the tests see it: its description and a `run`. */
export interface RouteDef {
  method: Method
  path: string
  scope: Scope | null
  summary: string
  tag: string
  params?: z.core.$ZodType
  query?: z.core.$ZodType
  body?: z.core.$ZodType
  repeatable?: string[]
  response?: z.core.$ZodType
  status?: number
  deprecated?: boolean
  experimental?: boolean
  run: (input: RouteInput) => Promise<Result>
  /** Present when the route also answers a sharing token (see RouteSpec.shared). */
  runShared?: (input: SharedInput) => Promise<Result>
}

/** Declares a route; the handler's params, query, body and result are typed from its schemas. */
export function route<
  Path extends string,
  PS extends Schema = undefined,
  QS extends Schema = undefined,
  BS extends Schema = undefined,
  RS extends Schema = undefined,
  Loaded = undefined,
>(spec: RouteSpec<Path, PS, QS, BS, RS, Loaded>): RouteDef {
  type Params = Out<PS, PathParams<Path>>
  type Query = Out<QS, Record<never, never>>
  type Body = Out<BS, undefined>
  const { load, handle, shared, ...described } = spec
  // TypeScript cannot narrow the conditional types above through `spec.params ? … : …`; each branch
  // produces exactly the type its condition names (a schema's output, or the fallback).
  const paramsOf = (input: { params: Record<string, string> }) =>
    (spec.params ? parseParams(spec.params, input.params) : input.params) as Params
  const queryOf = (input: { query: Record<string, string | string[]> }) =>
    (spec.query ? parseQuery(spec.query, input.query) : {}) as Query
  return {
    ...described,
    runShared: shared && (async (input) => shared({ ...input, params: paramsOf(input), query: queryOf(input) })),
    async run(input) {
      const params = paramsOf(input)
      const query = queryOf(input)
      const base = { ...input, params, query, body: undefined }
      const loaded = load ? await load({ ...base, loaded: undefined }) : undefined
      const body = (spec.body ? parseBody(spec.body, input.body) : undefined) as Body
      // `Loaded` is undefined exactly when there is no `load`.
      return handle({ ...base, body, loaded: loaded as Loaded })
    },
  }
}

export interface CompiledRoute {
  def: RouteDef
  pattern: RegExp
  names: string[]
}

/** A route's matcher. The trailing slash is optional, as PostHog's router makes it (`trailing_slash = r"/?"`). */
export function compile(def: RouteDef): CompiledRoute {
  const names: string[] = []
  const source = def.path
    .replace(/\/$/, '')
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      names.push(segment.slice(1))
      return '([^/]+)'
    })
    .join('/')
  return { def, pattern: new RegExp(`^${source}/?$`), names }
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
