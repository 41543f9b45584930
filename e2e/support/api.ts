import { execFileSync } from 'node:child_process'
import type { Organization, OrganizationCreate, OrganizationPatch } from '../../src/contracts'
import { findKeyBySecret, revokeKey as removeKey } from '../../server/db/api-keys'
import { openDatabase } from '../../server/db/database'
import { BASE_URL, DATABASE_PATH, DEMO_KEY } from './env'

type Options = { method?: string; body?: unknown; key?: string }

/** Calls the real API (seeding and checking what the UI did), with the demo key unless told otherwise. */
export async function api<T = unknown>(path: string, { method = 'GET', body, key = DEMO_KEY }: Options = {}) {
  const response = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T }
}

/** A name no other spec uses (organization names are at most 64 characters). */
export function uniqueName(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.slice(0, 64)
}

export async function createOrganization(input: OrganizationCreate): Promise<Organization> {
  const { status, body } = await api<Organization>('/api/organizations/', { method: 'POST', body: input })
  if (status !== 201) throw new Error(`Could not create organization: ${status} ${JSON.stringify(body)}`)
  return body
}

export async function getOrganization(id: string) {
  return api<Organization>(`/api/organizations/${id}/`)
}

export async function patchOrganization(id: string, patch: OrganizationPatch) {
  return api<Organization>(`/api/organizations/${id}/`, { method: 'PATCH', body: patch })
}

/** Best-effort cleanup; a spec that deleted its organization already gets a 404 here. */
export async function deleteOrganization(id: string) {
  await api(`/api/organizations/${id}/`, { method: 'DELETE' })
}

/**
 * A personal API key with only these scopes, made with the server's key CLI (`npm run keys`), in the
 * e2e database unless another server's database is given.
 */
export function createKey(scopes: string[], label = 'e2e key', databasePath = DATABASE_PATH): string {
  const output = execFileSync(
    'node_modules/.bin/tsx',
    ['server/cli/keys.ts', 'create', '--scopes', scopes.join(','), '--label', label],
    { env: { ...process.env, DATABASE_PATH: databasePath }, encoding: 'utf8' },
  )
  const key = output.trim().split('\n').at(-1)?.trim() ?? ''
  if (!/^phx_[A-Za-z0-9]+$/.test(key)) throw new Error(`Unexpected output from the keys CLI:\n${output}`)
  return key
}

/** Revokes a key as `npm run keys -- revoke ID` does (found by its digest: the CLI knows keys by id only). */
export function revokeKey(key: string) {
  const { db } = openDatabase(DATABASE_PATH)
  try {
    const row = findKeyBySecret(db, key)
    if (!row || !removeKey(db, row.id)) throw new Error('No such key to revoke')
  } finally {
    db.close()
  }
}
