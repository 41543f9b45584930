import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// Set once in the runner process; workers inherit the environment, so all share one database.
process.env.E2E_PORT ??= '8765'
process.env.E2E_DATABASE_PATH ??= join(mkdtempSync(join(tmpdir(), 'analytics-admin-e2e-')), 'e2e.sqlite')

export const PORT = Number(process.env.E2E_PORT)
export const BASE_URL = `http://127.0.0.1:${PORT}`
export const DATABASE_PATH = process.env.E2E_DATABASE_PATH
/** The demo key the server creates with scope `*` (fixed so specs can use it). */
export const DEMO_KEY = 'phx_E2eDemoKey0123456789abcdefghijklmnopqrstuvwxyzAB'
