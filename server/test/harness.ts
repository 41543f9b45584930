import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../app'
import { createKey } from '../db/api-keys'
import { openDatabase, type Db } from '../db/database'
import { findUserByEmail } from '../db/users'
import { seedDemo } from '../seed/demo'

export interface Harness {
  db: Db
  base: string
  key: string
  /** A new key of the demo user with exactly these scopes. */
  keyWith: (scopes: string[]) => string
  api: (
    method: string,
    path: string,
    options?: { key?: string | null; body?: unknown; raw?: string; headers?: Record<string, string> },
  ) => Promise<ApiResponse>
  close: () => Promise<void>
}

export interface ApiResponse {
  status: number
  headers: Headers
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any
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
  return {
    db,
    base,
    key,
    keyWith: (scopes) => createKey(db, { userId: user.id, label: 'test', scopes }).key,
    async api(method, path, o = {}) {
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
    },
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
  const orgs = await h.api('GET', '/api/organizations/')
  const org = orgs.body.results.find((o: { name: string }) => o.name === 'Demo Org')
  return { orgId: org.id as string, projectId: org.teams[0].id as number, secondProjectId: org.teams[1].id as number }
}
