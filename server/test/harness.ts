import { mkdtempSync, rmSync } from 'node:fs'
import { z } from 'zod'
import { organization, paginated } from '../../src/contracts'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../app'
import { createKey } from '../db/api-keys'
import { openDatabase, totalChanges, type Db } from '../db/database'
import { findUserByEmail } from '../db/users'
import { seedDemo } from '../seed/demo'

export interface RequestOptions {
  /** The key for `Authorization: Bearer …`; null sends none. Defaults to the demo key (scope `*`). */
  key?: string | null
  body?: unknown
  raw?: string
  headers?: Record<string, string>
}

export interface ApiResponse<T = unknown> {
  status: number
  headers: Headers
  body: T
}

export interface Harness {
  db: Db
  base: string
  key: string
  /** A new key of the demo user with exactly these scopes (and, optionally, PostHog's key limits). */
  keyWith: (scopes: string[], limits?: { organizations?: string[]; teams?: number[] }) => string
  /** The raw answer: status, headers and the body as JSON (or text), typed `unknown`. */
  api: (method: string, path: string, options?: RequestOptions) => Promise<ApiResponse>
  /** The answer with its body parsed by a contract schema (a mismatch fails the test, naming both). */
  call: <S extends z.core.$ZodType>(
    schema: S,
    method: string,
    path: string,
    options?: RequestOptions,
  ) => Promise<ApiResponse<z.output<S>>>
  /** Rows the server's connection has written so far (SQLite's total_changes): a refused request must not move it. */
  rowsWritten: () => number
  close: () => Promise<void>
}

/** The real app on a temporary seeded database, listening on an ephemeral loopback port. */
export async function startHarness(options: { rateLimit?: number } = {}): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'aa-test-'))
  const { db } = openDatabase(join(dir, 'test.sqlite'))
  const { key } = seedDemo(db)
  const server: Server = createServer(
    createApp({
      db,
      RATE_LIMIT_PER_MINUTE: options.rateLimit ?? 0,
      STATIC_DIR: join(dir, 'no-dist'),
      LOG_REQUESTS: '0',
    }),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const user = findUserByEmail(db, 'demo@example.com')!
  async function api(method: string, path: string, o: RequestOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...o.headers }
    const k = o.key === undefined ? key : o.key
    if (k) headers.authorization = `Bearer ${k}`
    let body: string | undefined = o.raw
    if (o.body !== undefined) {
      body = JSON.stringify(o.body)
      headers['content-type'] ??= 'application/json'
    }
    const res = await fetch(base + path, { method, headers, body })
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, body: parsed }
  }
  return {
    db,
    base,
    key,
    keyWith: (scopes, limits = {}) =>
      createKey(db, {
        userId: user.id,
        label: 'test',
        scopes,
        organizations: limits.organizations,
        teams: limits.teams,
      }).key,
    api,
    async call(schema, method, path, options) {
      const res = await api(method, path, options)
      const parsed = z.safeParse(schema, res.body)
      if (!parsed.success) {
        throw new Error(
          `${method} ${path} → ${res.status} ${JSON.stringify(res.body)?.slice(0, 500)}\ndoes not match: ${parsed.error.message}`,
        )
      }
      return { ...res, body: parsed.data }
    },
    rowsWritten: () => totalChanges(db),
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      db.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The demo organization and its first project. */
export async function demoIds(h: Harness) {
  const orgs = await h.call(paginated(organization), 'GET', '/api/organizations/')
  const org = orgs.body.results.find((o) => o.name === 'Demo Org')
  const [first, second] = org?.teams ?? []
  if (!org || !first || !second) throw new Error('The demo world has no Demo Org with two projects')
  return { orgId: org.id, projectId: first.id, secondProjectId: second.id }
}
