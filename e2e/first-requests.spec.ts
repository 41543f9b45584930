import { expect, test, type Page, type Request } from '@playwright/test'
import type { Organization } from '../src/contracts'
import { createOrganization, deleteOrganization, uniqueName } from './support/api'
import { DEMO_KEY } from './support/env'
import { seedRecordings } from './support/seed-recordings'

// index.html starts the first page's API requests itself (an inline script), before the console's code
// has arrived; the console then uses those answers instead of asking again.
let org: Organization
let projectId: number

test.beforeEach(async () => {
  org = await createOrganization({ name: uniqueName('E2E First requests') })
  projectId = org.projects[0]!.id
  seedRecordings(projectId, { count: 3 })
})
test.afterEach(async () => {
  if (org) await deleteOrganization(org.id)
})

const rows = (page: Page) =>
  page.getByRole('table', { name: 'Recordings' }).getByRole('rowgroup').nth(1).getByRole('row')

/**
 * Records the API requests the page sends and, with `holdCode`, holds every script of the console until the
 * recordings list has been asked for (or 10 s passed): `listBeforeCode` says whether the list left before
 * any of the console's code could run.
 */
async function watch(page: Page, { holdCode = true } = {}) {
  const api: Request[] = []
  let listed!: () => void
  const listRequested = new Promise<void>((resolve) => (listed = resolve))
  const state = { listBeforeCode: true }
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname
    if (!path.startsWith('/api/')) return
    api.push(r)
    if (path === `/api/projects/${projectId}/session_recordings/`) listed()
  })
  if (holdCode)
    await page.route('**/assets/*.js', async (route) => {
      const waited = await Promise.race([
        listRequested.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
      ])
      if (!waited) state.listBeforeCode = false
      await route.continue()
    })
  const count = (path: string) => api.filter((r) => new URL(r.url()).pathname === path).length
  return { api, state, count }
}

test('a sign-in link to the recordings list: the list, key and user leave before the code, each once', async ({
  page,
}) => {
  const violations: string[] = []
  page.on('console', (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()))
  const { state, count } = await watch(page)

  await page.goto(`/projects/${projectId}/recordings?sort=-duration#key=${DEMO_KEY}`)
  await expect(rows(page)).toHaveCount(3)
  await expect(page).not.toHaveURL(/key=/)
  await page.waitForLoadState('networkidle')

  expect(state.listBeforeCode).toBe(true)
  expect(count(`/api/projects/${projectId}/session_recordings/`)).toBe(1)
  expect(count('/api/personal_api_keys/@current/')).toBe(1)
  expect(count('/api/users/@me/')).toBe(1)
  expect(violations).toEqual([])

  // A reload with the session kept in the tab does the same.
  await page.reload()
  await expect(rows(page)).toHaveCount(3)
  await page.waitForLoadState('networkidle')
  expect(state.listBeforeCode).toBe(true)
  expect(count(`/api/projects/${projectId}/session_recordings/`)).toBe(2)
  expect(count('/api/users/@me/')).toBe(2)
})

test('a filtered list is asked for once, by its loader; the key and the user once, early', async ({ page }) => {
  const { count } = await watch(page, { holdCode: false })
  await page.goto(`/projects/${projectId}/recordings?min_duration=0#key=${DEMO_KEY}`)
  await expect(rows(page)).toHaveCount(3)
  await page.waitForLoadState('networkidle')
  expect(count(`/api/projects/${projectId}/session_recordings/`)).toBe(1)
  expect(count('/api/personal_api_keys/@current/')).toBe(1)
  expect(count('/api/users/@me/')).toBe(1)
})
