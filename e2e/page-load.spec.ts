import { expect, test, type Page } from '@playwright/test'
import { signInByLink, signInForgetful, storedValues } from './support/session'

// The network, not the API, is what fails here: the real server's route chunk for the batch exports
// list is cut off (offline, aborted, or answered 404 as after a deploy that removed it).
const LIST_CHUNK = '**/assets/batch-exports-page-*.js'

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' })
const exportsHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Batch exports' })

/** Counts the documents the tab loads from now on (the first load and every reload). */
function documentLoads(page: Page) {
  const loads: string[] = []
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) loads.push(r.url())
  })
  return loads
}

test('offline, a page whose code cannot be downloaded fails inside the shell and loads once back online', async ({
  page,
  context,
}) => {
  await signInByLink(page, '/orgs')
  await expect(page.getByRole('table', { name: 'Organizations' })).toBeVisible()
  await context.setOffline(true)
  await page.getByRole('link', { name: 'Batch exports' }).click()

  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible()
  await expect(page.getByText('The code of this page could not be downloaded.', { exact: false })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible()
  // Only the page failed: the shell, its sidebar and the signed-in user are still there.
  await expect(sidebar(page)).toContainText('Demo Admin')
  await expect(page.getByRole('link', { name: 'Recordings' })).toBeVisible()
  await expect(page).toHaveURL(/\/batch-exports\?project=\d+$/)
  await expect(page.getByText(/Unable to preload|Something went wrong/)).toHaveCount(0)

  await context.setOffline(false)
  await expect(exportsHeading(page)).toBeVisible()
  await expect(page).toHaveURL(/\/batch-exports\?project=\d+$/)
  await expect(sidebar(page)).toContainText('Demo Admin')
})

test('an unreachable chunk says so and Retry loads it, keeping a "Don\'t remember me" session', async ({ page }) => {
  await signInForgetful(page, '/orgs')
  await expect(page.getByRole('table', { name: 'Organizations' })).toBeVisible()
  await page.route(LIST_CHUNK, (route) => route.abort('connectionreset'))
  await page.getByRole('link', { name: 'Batch exports' }).click()
  await expect(page.getByRole('heading', { name: "Can't reach the server" })).toBeVisible()
  await expect(sidebar(page)).toContainText('Demo Admin')

  await page.unroute(LIST_CHUNK)
  await page.getByRole('button', { name: 'Retry' }).click()
  await expect(exportsHeading(page)).toBeVisible()
  await expect(page).toHaveURL(/\/batch-exports\?project=\d+$/)
  // Still signed in after the reload, and the memory-only key did not stay in storage.
  await expect(sidebar(page)).toContainText('Demo Admin')
  const stored = await storedValues(page)
  expect([...stored.local, ...stored.session].join()).not.toContain('phx_')
})

test('after a deploy removed the old chunks, the page reloads once and appears', async ({ page }) => {
  await signInByLink(page, '/orgs')
  await expect(page.getByRole('table', { name: 'Organizations' })).toBeVisible()
  const loads = documentLoads(page)
  // The tab's build is gone (404) until it reloads and gets the new one.
  await page.route(LIST_CHUNK, (route) =>
    loads.length === 0 ? route.fulfill({ status: 404, body: 'Not found' }) : route.continue(),
  )
  await page.getByRole('link', { name: 'Batch exports' }).click()
  await expect(exportsHeading(page)).toBeVisible()
  expect(loads).toHaveLength(1)
  expect(loads[0]).toMatch(/\/batch-exports\?project=\d+$/)
  await expect(sidebar(page)).toContainText('Demo Admin')
})

test('a chunk still missing after the reload does not reload again: it says so and offers Reload', async ({ page }) => {
  await signInByLink(page, '/orgs')
  await expect(page.getByRole('table', { name: 'Organizations' })).toBeVisible()
  const loads = documentLoads(page)
  await page.route(LIST_CHUNK, (route) => route.fulfill({ status: 404, body: 'Not found' }))
  await page.getByRole('link', { name: 'Batch exports' }).click()
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible()
  await expect(sidebar(page)).toContainText('Demo Admin')
  // One automatic reload, then no loop.
  await page.waitForTimeout(1500)
  expect(loads).toHaveLength(1)
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible()

  await page.unroute(LIST_CHUNK)
  await page.getByRole('button', { name: 'Reload' }).click()
  await expect(exportsHeading(page)).toBeVisible()
  expect(loads).toHaveLength(2)
})

/** The scripts the tab receives from now on, each marked if it holds the form library (react-hook-form). */
function scriptsReceived(page: Page) {
  const received: Promise<{ url: string; formLibrary: boolean }>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return
    // Its context's display name survives minification.
    received.push(
      response.text().then((text) => ({ url: response.url(), formLibrary: text.includes('HookFormContext') })),
    )
  })
  return () => Promise.all(received)
}

test('the form library loads once the first page is idle: a form opened afterwards loads only its own code', async ({
  page,
}) => {
  const scripts = scriptsReceived(page)
  await signInByLink(page, '/orgs')
  await expect(page.getByRole('table', { name: 'Organizations' })).toBeVisible()
  // The organizations list has no form: the library comes from the idle warm-up, once.
  await expect.poll(async () => (await scripts()).filter((s) => s.formLibrary).length).toBe(1)
  const before = (await scripts()).length

  await sidebar(page).getByRole('link', { name: 'Batch exports' }).click()
  await expect(exportsHeading(page)).toBeVisible()
  await page.getByRole('link', { name: 'New export' }).first().click()
  await expect(page.getByRole('button', { name: 'Create export' })).toBeVisible()
  const opened = (await scripts()).slice(before)
  expect(opened.length).toBeGreaterThan(0)
  expect(opened.filter((s) => s.formLibrary)).toEqual([])
})
