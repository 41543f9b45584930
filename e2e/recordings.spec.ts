import { expect, test, type Page, type Request } from '@playwright/test'
import type { Organization, SessionRecording, SharingConfiguration } from '../src/contracts'
import type { NewRecording } from '../server/db/recordings'
import { api, createKey, createOrganization, deleteOrganization, uniqueName } from './support/api'
import { BASE_URL } from './support/env'
import { toast } from './support/faults'
import { seedRecordings } from './support/seed-recordings'
import { signInByLink, signInRemembered } from './support/session'

// Each test gets its own organization, whose project holds recordings written by the server's seed code.
let org: Organization
let projectId: number
let rows: NewRecording[]

async function seed(count: number, overrides?: Record<number, Partial<NewRecording>>) {
  org = await createOrganization({ name: uniqueName('E2E Recordings') })
  projectId = org.projects[0]!.id
  rows = seedRecordings(projectId, { count, overrides })
}

test.afterEach(async () => {
  if (org) await deleteOrganization(org.id)
})

const listPath = () => `/projects/${projectId}/recordings`
const apiPath = (id = '') => `/api/projects/${projectId}/session_recordings/${id ? `${id}/` : ''}`
const getRecording = (id: string) => api<SessionRecording>(apiPath(id))
const getSharing = (id: string) => api<SharingConfiguration>(`${apiPath(id)}sharing/`)
const publicStatus = async (token: string) => (await fetch(`${BASE_URL}/shared/${token}`)).status
async function listIds(query: string) {
  return (await api<{ results: SessionRecording[] }>(`${apiPath()}?${query}`)).body.results.map((r) => r.id)
}

const table = (page: Page) => page.getByRole('table', { name: 'Recordings' })
const dataRows = (page: Page) => table(page).getByRole('rowgroup').nth(1).getByRole('row')
const rowOf = (page: Page, id: string) =>
  dataRows(page).filter({ has: page.getByRole('checkbox', { name: `Select recording ${id}`, exact: true }) })
async function firstId(page: Page) {
  const label = await dataRows(page).first().getByRole('checkbox').getAttribute('aria-label')
  return label!.replace('Select recording ', '')
}
const deletes = (page: Page) => {
  const sent: Request[] = []
  page.on('request', (r) => r.method() === 'DELETE' && sent.push(r))
  return sent
}

test('paging, page size and sort survive reload and back/forward', async ({ page }) => {
  await seed(60)
  await signInRemembered(page, listPath())
  await expect(page.getByText('1–50 of 60')).toBeVisible()
  expect(await firstId(page)).toBe(rows[0]!.id)
  // The largest page stays light: the DOM does not grow with the project.
  expect(await page.evaluate(() => document.getElementsByTagName('*').length)).toBeLessThan(1500)

  await page.getByRole('button', { name: 'Next page' }).click()
  await expect(page).toHaveURL(/\?page=2$/)
  await expect(page.getByText('51–60 of 60')).toBeVisible()
  expect(await firstId(page)).toBe(rows[50]!.id)

  await table(page).getByRole('button', { name: 'Duration' }).click()
  await expect(page).toHaveURL(/\?sort=-duration$/)
  await expect(page.getByText('1–50 of 60')).toBeVisible()
  await expect.poll(() => firstId(page)).toBe((await listIds('order=duration&limit=1'))[0])

  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('25')
  await page.getByRole('button', { name: 'Next page' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByText('26–50 of 60')).toBeVisible()
  const secondPageFirst = (await listIds('order=duration&limit=1&offset=25'))[0]
  await expect.poll(() => firstId(page)).toBe(secondPageFirst)

  await page.reload()
  await expect(page.getByText('26–50 of 60')).toBeVisible()
  expect(await firstId(page)).toBe(secondPageFirst)
  await expect(table(page).getByRole('columnheader', { name: 'Duration' })).toHaveAttribute('aria-sort', 'descending')
  await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('25')

  await page.goBack()
  await expect(page.getByText('1–25 of 60')).toBeVisible()
  await page.goBack()
  await expect(page.getByText('1–50 of 60')).toBeVisible()
  await expect(page).toHaveURL(/\?sort=-duration$/)
  await page.goBack()
  await expect(page.getByText('51–60 of 60')).toBeVisible()
  await page.goForward()
  await expect(page).toHaveURL(/\?sort=-duration$/)
  await expect(page.getByText('1–50 of 60')).toBeVisible()
})

test('filters live in the URL and the AI helper suggests filters to apply or discard', async ({ page }) => {
  await seed(30)
  await signInRemembered(page, listPath())
  await page.getByRole('combobox', { name: 'Viewed' }).selectOption('false')
  await expect(page).toHaveURL(/viewed=false/)
  const unviewed = rows.filter((r) => !r.viewed).length
  await expect(page.getByText(`1–${unviewed} of ${unviewed}`)).toBeVisible()
  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Viewed' })).toHaveValue('false')
  await page.getByRole('button', { name: 'Clear filters' }).first().click()
  await expect(page.getByText('1–30 of 30')).toBeVisible()

  await page.getByRole('button', { name: /AI helpers/ }).click()
  await expect(page.getByText('Experimental').first()).toBeVisible()
  await expect(page.getByText(/experimental endpoints that may change/)).toBeVisible()
  const describe = page.getByRole('textbox', { name: 'Describe the recordings you want' })
  await describe.fill('zzz qqq')
  await page.getByRole('button', { name: 'Suggest filters' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'No filters suggested' })).toBeVisible()

  await describe.fill('unviewed recordings with console errors, longest first')
  await page.getByRole('button', { name: 'Suggest filters' }).click()
  const suggestion = page.getByRole('status').filter({ hasText: 'Unviewed only' })
  await expect(suggestion).toContainText('With errors')
  await expect(suggestion).toContainText('longest first')
  await expect(page).not.toHaveURL(/viewed=/)
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(/sort=-duration/)
  await expect(page).toHaveURL(/viewed=false/)
  await expect(page).toHaveURL(/has_console_errors=true/)
  await expect(page.getByRole('combobox', { name: 'Console errors' })).toHaveValue('true')
  const expected = rows.filter((r) => !r.viewed && (r.console_error_count ?? 0) > 0).length
  await expect(
    page.getByText(expected ? `1–${expected} of ${expected}` : 'No recordings match these filters'),
  ).toBeVisible()
})

test('a project that does not exist is a not-found page, not filters around an error', async ({ page }) => {
  await signInByLink(page, '/projects/999999/recordings?viewed=false')
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible()
  await expect(page.getByText("It doesn't exist, or this key can't see it.")).toBeVisible()
  await expect(page).toHaveTitle(/^Not found · /)
  // The shell stays; the list's header, filters and table do not.
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Filters' })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Recordings' })).toHaveCount(0)
  await expect(page.getByRole('table', { name: 'Recordings' })).toHaveCount(0)
})

test('reversed custom dates are flagged on the field and can be swapped', async ({ page }) => {
  await seed(3)
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  await signInByLink(page, `${listPath()}?date_from=${day(0)}&date_to=${day(-40)}`)
  const to = page.getByLabel('To (UTC, inclusive)')
  await expect(to).toHaveAttribute('aria-invalid', 'true')
  await expect(to).toHaveAccessibleDescription(new RegExp(`Ends before From \\(${day(0)}\\)`))
  await expect(page.getByText('The date range ends before it starts')).toBeVisible()
  await expect(page.getByText('No recordings match these filters')).toHaveCount(0)
  await page.getByRole('button', { name: 'Swap the dates' }).click()
  await expect(page).toHaveURL(new RegExp(`date_from=${day(-40)}&date_to=${day(0)}`))
  await expect(to).not.toHaveAttribute('aria-invalid')
  await expect(dataRows(page)).toHaveCount(3)
})

test('a javascript: start URL is shown as text, never as a link', async ({ page }) => {
  await seed(5, {
    0: { start_url: 'javascript:alert(document.domain)' },
    1: { start_url: 'https://shop.example.com/checkout?step=2' },
  })
  await signInByLink(page, listPath())
  const evil = rowOf(page, rows[0]!.id)
  await expect(evil.getByText('javascript:alert(document.domain)')).toBeVisible()
  await expect(evil.getByRole('link', { name: /javascript/ })).toHaveCount(0)
  const safe = rowOf(page, rows[1]!.id).getByRole('link', {
    name: 'Open https://shop.example.com/checkout?step=2 in a new tab',
  })
  await expect(safe).toHaveAttribute('href', 'https://shop.example.com/checkout?step=2')

  await evil.getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // Shown as text in the facts and, once it has loaded, above the player: never as a link.
  await expect(page.getByText('javascript:alert(document.domain)').first()).toBeVisible()
  await expect(page.getByRole('link', { name: /javascript/ })).toHaveCount(0)
})

test('marking viewed by keyboard and on the detail page persists', async ({ page }) => {
  await seed(6, { 0: { viewed: 0 }, 1: { viewed: 0 } })
  await signInRemembered(page, listPath())
  const first = rowOf(page, rows[0]!.id)
  await expect(first.getByRole('link', { name: /, not viewed$/ })).toBeVisible()

  await page.keyboard.press('?')
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('Mark viewed / unviewed')
  await page.keyboard.press('Escape')
  await page.keyboard.press('j')
  await page.keyboard.press('v')
  await expect(first.getByRole('link', { name: /, not viewed$/ })).toHaveCount(0)
  await expect.poll(async () => (await getRecording(rows[0]!.id)).body.viewed).toBe(true)
  await page.reload()
  await expect(rowOf(page, rows[1]!.id).getByRole('link', { name: /, not viewed$/ })).toBeVisible()
  await expect(first.getByRole('link', { name: /, not viewed$/ })).toHaveCount(0)

  // Enter opens the active row, which marks it viewed (as PostHog does); the detail page toggles it back and forth.
  await page.keyboard.press('j')
  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/recordings/${rows[1]!.id}$`))
  await expect(page.getByRole('button', { name: 'Mark as unviewed' })).toBeVisible()
  await expect.poll(async () => (await getRecording(rows[1]!.id)).body.viewed).toBe(true)
  await page.getByRole('button', { name: 'Mark as unviewed' }).click()
  await expect(page.getByRole('button', { name: 'Mark as viewed' })).toBeVisible()
  await expect.poll(async () => (await getRecording(rows[1]!.id)).body.viewed).toBe(false)
  await page.getByRole('button', { name: 'Mark as viewed' }).click()
  await expect.poll(async () => (await getRecording(rows[1]!.id)).body.viewed).toBe(true)
})

test('the detail page shows every field and steps through the list order', async ({ page }) => {
  await seed(30)
  await signInByLink(page, `${listPath()}?sort=-duration&page_size=25`)
  const order = await listIds('order=duration&limit=30')
  await rowOf(page, order[24]!).getByRole('link').first().click()
  await expect(page.getByText(order[24]!).first()).toBeVisible()
  for (const label of ['Start URL', 'Duration', 'Active time', 'Console errors', 'Activity score', 'Snapshot source']) {
    await expect(page.getByText(label, { exact: true })).toBeVisible()
  }
  await expect(page.getByRole('heading', { name: 'Properties' })).toBeVisible()

  // The last row of page 1: "Next" crosses to page 2.
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page).toHaveURL(new RegExp(`/recordings/${order[25]}\\?.*page=2`))
  await page.keyboard.press('k')
  await expect(page).toHaveURL(new RegExp(`/recordings/${order[24]}\\?`))
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Recordings' }).click()
  await expect(page).toHaveURL(new RegExp(`${listPath()}\\?sort=-duration&page_size=25$`))
})

test('single delete from the row menu removes the recording', async ({ page }) => {
  await seed(8)
  await signInByLink(page, listPath())
  await expect(page.getByText('1–8 of 8')).toBeVisible()
  const id = rows[2]!.id
  await page.getByRole('button', { name: `Actions for recording ${id}` }).click()
  await page.getByRole('menuitem', { name: 'Delete…' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Delete this recording?' })
  await expect(dialog).toContainText('1 recording, not shared publicly')
  await dialog.getByRole('button', { name: 'Delete recording' }).click()
  await expect(rowOf(page, id)).toHaveCount(0)
  await expect(page.getByText('1–7 of 7')).toBeVisible()
  await expect.poll(async () => (await getRecording(id)).status).toBe(404)
})

test('a delete the server refuses comes back with an error toast', async ({ page }) => {
  await seed(8)
  const id = rows[0]!.id
  await page.route(`**${apiPath(id)}`, async (route) => {
    if (route.request().method() !== 'DELETE') return route.continue()
    await new Promise((resolve) => setTimeout(resolve, 700))
    await route.fulfill({
      status: 500,
      json: { type: 'server_error', code: 'error', detail: 'Simulated failure.', attr: null },
    })
  })
  await signInByLink(page, listPath())
  await expect(rowOf(page, id)).toBeVisible()
  await page.keyboard.press('j')
  await page.keyboard.press('Delete')
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete recording' }).click()
  await expect(rowOf(page, id)).toHaveCount(0)
  await expect(toast(page, `Could not delete recording ${id}`)).toContainText(
    'Simulated failure. It is back in the list.',
  )
  await expect(rowOf(page, id)).toBeVisible()
  await expect(page.getByText('1–8 of 8')).toBeVisible()
  expect((await getRecording(id)).status).toBe(200)
})

test('bulk delete can be undone within 5 seconds: nothing is deleted', async ({ page }) => {
  await seed(10)
  const sent = deletes(page)
  await signInByLink(page, listPath())
  await expect(page.getByText('1–10 of 10')).toBeVisible()
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('j')
    await page.keyboard.press('x')
  }
  await expect(page.getByRole('region', { name: 'Bulk actions' })).toContainText('3 recordings selected')
  await page.getByRole('button', { name: 'Delete selected…' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Delete 3 recordings?' })
  await expect(dialog).toContainText('3 recordings, none shared publicly')
  await dialog.getByRole('button', { name: 'Delete 3 recordings' }).click()
  for (const r of rows.slice(0, 3)) await expect(rowOf(page, r.id)).toHaveCount(0)

  await page.getByRole('button', { name: 'Undo' }).click()
  for (const r of rows.slice(0, 3)) await expect(rowOf(page, r.id)).toBeVisible()
  await page.waitForTimeout(6000)
  expect(sent).toHaveLength(0)
  for (const r of rows.slice(0, 3)) expect((await getRecording(r.id)).status).toBe(200)
  await expect(page.getByText('1–10 of 10')).toBeVisible()
})

test('bulk delete states the shared impact, waits 5 seconds, then deletes them all', async ({ page }) => {
  await seed(10)
  const doomed = rows.slice(0, 5)
  const tokens: string[] = []
  for (const r of [doomed[1]!, doomed[3]!]) {
    const shared = await api<SharingConfiguration>(`${apiPath(r.id)}sharing/`, {
      method: 'PATCH',
      body: { enabled: true },
    })
    tokens.push(shared.body.access_token!)
  }
  const sent = deletes(page)
  await signInByLink(page, listPath())
  for (const r of doomed) await page.getByRole('checkbox', { name: `Select recording ${r.id}` }).check()
  await page.keyboard.press('Delete')
  const dialog = page.getByRole('alertdialog', { name: 'Delete 5 recordings?' })
  await expect(dialog).toContainText('5 recordings, 2 of them shared publicly — their links stop working')
  await dialog.getByRole('button', { name: 'Delete 5 recordings' }).click()
  await expect(page.getByText('1–5 of 5')).toBeVisible()
  await page.waitForTimeout(3000)
  expect(sent).toHaveLength(0)

  await expect(page.getByRole('status').filter({ hasText: 'Deleted 5 recordings.' }).first()).toBeVisible({
    timeout: 15_000,
  })
  expect(sent).toHaveLength(5)
  await expect(page.getByText('1–5 of 5')).toBeVisible()
  for (const r of doomed) expect((await getRecording(r.id)).status).toBe(404)
  for (const token of tokens) expect(await publicStatus(token)).toBe(404)
  const total = await api<{ count: number }>(`${apiPath()}?limit=1`)
  expect(total.body.count).toBe(5)
})

test('a bulk delete that partly fails says what failed and retries only those', async ({ page }) => {
  await seed(6)
  const [ok1, failing, ok2] = rows.slice(0, 3).map((r) => r.id)
  await page.route(`**${apiPath(failing)}`, (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 500, json: { type: 'server_error', code: 'error', detail: 'Try later.', attr: null } })
      : route.continue(),
  )
  await signInByLink(page, listPath())
  for (const id of [ok1!, failing!, ok2!]) await page.getByRole('checkbox', { name: `Select recording ${id}` }).check()
  await page.getByRole('button', { name: 'Delete selected…' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete 3 recordings' }).click()

  const summary = page.getByRole('alert').filter({ hasText: 'Deleted 2 of 3 recordings; 1 failed.' })
  await expect(summary).toBeVisible({ timeout: 15_000 })
  await expect(summary).toContainText(`${failing}: Try later.`)
  await expect(rowOf(page, failing!)).toBeVisible()
  expect((await getRecording(ok1!)).status).toBe(404)
  expect((await getRecording(failing!)).status).toBe(200)

  await page.unroute(`**${apiPath(failing)}`)
  await summary.getByRole('button', { name: 'Retry 1 failed delete' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Deleted 1 recording.' }).first()).toBeVisible()
  await expect.poll(async () => (await getRecording(failing!)).status).toBe(404)
  await expect(page.getByText('1–3 of 3')).toBeVisible()
})

test('sharing: toggle persists, token masked until revealed, copy works, rotation changes the link', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL })
  await seed(3)
  const id = rows[0]!.id
  await signInRemembered(page, listPath())
  await rowOf(page, id).getByRole('link').first().click()
  await page.getByRole('button', { name: 'Share…' }).click()
  const panel = page.getByRole('dialog', { name: 'Share recording' })
  const toggle = panel.getByRole('switch', { name: 'Share publicly' })
  await expect(toggle).not.toBeChecked()
  await toggle.click()
  await expect(toggle).toBeChecked()
  await expect.poll(async () => (await getSharing(id)).body.enabled).toBe(true)
  const token = (await getSharing(id)).body.access_token!
  expect(await publicStatus(token)).toBe(200)

  const tokenBox = panel.getByRole('textbox', { name: 'Access token' })
  const linkBox = panel.getByRole('textbox', { name: 'Public link' })
  await expect(tokenBox).toHaveValue(`${token.slice(0, 4)}…${token.slice(-2)}`)
  await expect(linkBox).not.toHaveValue(new RegExp(token))
  await expect(panel.getByRole('textbox', { name: 'Embed code' })).not.toHaveValue(new RegExp(token))
  await expect(page.getByText(token)).toHaveCount(0)

  await panel.getByRole('button', { name: 'Copy public link' }).click()
  await expect(panel.getByRole('button', { name: 'Copied' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${BASE_URL}/shared/${token}`)
  await panel.getByRole('button', { name: 'Copy embed code' }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`src="${BASE_URL}/embedded/${token}"`)
  await expect(tokenBox).not.toHaveValue(token)

  await panel.getByRole('button', { name: 'Reveal' }).click()
  await expect(tokenBox).toHaveValue(token)
  await expect(linkBox).toHaveValue(`${BASE_URL}/shared/${token}`)

  await panel.getByRole('button', { name: 'Rotate link…' }).click()
  await expect(panel.getByRole('alert')).toContainText('stop working')
  await panel.getByRole('button', { name: 'Rotate link', exact: true }).click()
  await expect(linkBox).not.toHaveValue(`${BASE_URL}/shared/${token}`)
  const rotated = (await getSharing(id)).body.access_token!
  expect(rotated).not.toBe(token)
  await expect(linkBox).toHaveValue(`${BASE_URL}/shared/${rotated}`)
  expect(await publicStatus(token)).toBe(404)
  expect(await publicStatus(rotated)).toBe(200)

  await page.reload()
  await page.getByRole('button', { name: 'Share…' }).click()
  await expect(page.getByRole('switch', { name: 'Share publicly' })).toBeChecked()
  await page.getByRole('switch', { name: 'Share publicly' }).click()
  await expect.poll(async () => (await getSharing(id)).body.enabled).toBe(false)
  expect(await publicStatus(rotated)).toBe(404)
})

test('a read-only key sees the sharing panel read-only, with the reason', async ({ page }) => {
  await seed(3)
  await api(`${apiPath(rows[0]!.id)}sharing/`, { method: 'PATCH', body: { enabled: true } })
  const key = createKey(['session_recording:read', 'sharing_configuration:read', 'organization:read'], 'e2e read-only')
  await signInByLink(page, listPath(), key)
  await page.getByRole('button', { name: `Actions for recording ${rows[0]!.id}` }).click()
  await expect(page.getByRole('menuitem', { name: /Mark as (un)?viewed/ })).toHaveAttribute('aria-disabled', 'true')
  await page.getByRole('menuitem', { name: 'Share…' }).click()
  const panel = page.getByRole('dialog', { name: 'Share recording' })
  await expect(panel).toContainText('Needs scope sharing_configuration:write')
  await expect(panel.getByRole('switch', { name: 'Share publicly' })).toBeDisabled()
  await expect(panel.getByRole('switch', { name: 'Share publicly' })).toBeChecked()
  await expect(panel.getByRole('button', { name: 'Rotate link…' })).toHaveAttribute('aria-disabled', 'true')
  await page.keyboard.press('Escape')

  await page.keyboard.press('j')
  await page.keyboard.press('v')
  await expect(page.getByText('Needs scope session_recording:write: cannot mark recordings viewed.')).toBeVisible()
  expect((await getRecording(rows[0]!.id)).body.viewed).toBe(Boolean(rows[0]!.viewed))
})

test('the regex helper tests its pattern against the loaded start URLs', async ({ page }) => {
  await seed(20, {
    0: { start_url: 'https://app.example.com/pricing' },
    1: { start_url: 'https://www.example.com/signup' },
  })
  await signInByLink(page, listPath())
  await page.getByRole('button', { name: /AI helpers/ }).click()
  const describe = page.getByRole('textbox', { name: 'Describe the start URLs to match' })

  await describe.fill('the moon')
  await page.getByRole('button', { name: 'Generate pattern' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'No pattern generated' })).toContainText('Could not turn')

  await describe.fill('pricing or signup pages')
  await page.getByRole('button', { name: 'Generate pattern' }).click()
  const pattern = page.getByRole('textbox', { name: 'Pattern' })
  await expect(pattern).not.toHaveValue('')
  const re = new RegExp(await pattern.inputValue())
  const urls = [...new Set(rows.map((r) => r.start_url!))]
  const matching = urls.filter((u) => re.test(u))
  expect(matching).toEqual(
    expect.arrayContaining(['https://app.example.com/pricing', 'https://www.example.com/signup']),
  )
  await expect(page.getByText(`Matches ${matching.length} of ${urls.length} start URLs on this page.`)).toBeVisible()
  const listed = page.getByRole('list', { name: 'Matching start URLs' })
  await expect(listed.getByText('https://app.example.com/pricing', { exact: true })).toBeVisible()
  await expect(listed.getByText('https://www.example.com/signup', { exact: true })).toBeVisible()

  await pattern.fill('(unclosed')
  await expect(page.getByText(/Not a valid regular expression/)).toBeVisible()
})

test('deleting from the recording page: hidden at once, 5 s undo, and the toast says which recording is shown now', async ({
  page,
}) => {
  await seed(6)
  const sent = deletes(page)
  await signInByLink(page, listPath())
  const [, doomed, next] = rows
  await rowOf(page, doomed!.id).getByRole('link').first().click()
  await expect(page).toHaveURL(new RegExp(`/recordings/${doomed!.id}$`))
  await page.getByRole('button', { name: 'Delete…' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Delete this recording?' })
  await expect(dialog).toContainText('You can undo for 5 seconds; after that it is deleted')
  await dialog.getByRole('button', { name: 'Delete recording' }).click()

  // On to the next recording, and the toast names it; Undo is taken at once, well inside the window.
  await expect(page).toHaveURL(new RegExp(`/recordings/${next!.id}$`))
  const notice = toast(page, 'Deleting the recording of')
  await expect(notice).toContainText('Now showing the next recording:')
  await expect(notice).toContainText('Nothing is deleted until this closes.')
  await notice.getByRole('button', { name: 'Undo' }).click()
  await expect(toast(page, 'Undone: 1 recording kept')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/recordings/${doomed!.id}$`))
  await page.waitForTimeout(5500)
  expect(sent).toHaveLength(0)
  expect((await getRecording(doomed!.id)).status).toBe(200)

  // Without undo it goes after the window; while it waits (and after), it is not a step back.
  await page.getByRole('button', { name: 'Delete…' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete recording' }).click()
  await expect(page).toHaveURL(new RegExp(`/recordings/${next!.id}$`))
  await page.getByRole('button', { name: 'Previous' }).click()
  await expect(page).toHaveURL(new RegExp(`/recordings/${rows[0]!.id}$`))
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page).toHaveURL(new RegExp(`/recordings/${next!.id}$`))
  await expect(toast(page, 'Deleted 1 recording.')).toBeVisible({ timeout: 10_000 })
  expect((await getRecording(doomed!.id)).status).toBe(404)
})

test('list readability: the start URL has room, opens the recording, leaves by its icon; columns chosen per browser', async ({
  page,
}) => {
  const long = 'https://shop.example.com/collections/summer/linen-shirt?ref=mail'
  await seed(100, { 3: { start_url: long }, 0: { end_time: Date.now() } })
  await signInRemembered(page, `${listPath()}?page_size=100`)
  await expect(page.getByText('1–100 of 100')).toBeVisible()
  // A page of 100 stays light.
  expect(await page.evaluate(() => document.getElementsByTagName('*').length)).toBeLessThan(1500)
  const headers = await table(page).getByRole('columnheader').allInnerTexts()
  expect(headers.map((h) => h.trim())).toEqual(['', 'Start', 'Start URL', 'Duration', 'Errors', 'Actions'])

  // The URL shows in full at 1280 px (no ellipsis) and on hover; clicking it opens the recording.
  const row = rowOf(page, rows[3]!.id)
  const text = row.getByRole('link', { name: long.replace('https://', ''), exact: true })
  await expect(text).toHaveAttribute('title', long)
  expect(await text.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true)
  const leave = row.getByRole('link', { name: `Open ${long} in a new tab` })
  await expect(leave).toHaveAttribute('href', long)
  await expect(leave).toHaveAttribute('target', '_blank')

  // Ongoing is a badge, whole, not a trailing "…".
  const badge = rowOf(page, rows[0]!.id).getByText('Ongoing')
  await expect(badge).toBeVisible()
  const cell = await badge.evaluate((el) => {
    const b = el.getBoundingClientRect()
    const c = el.closest('td')!.getBoundingClientRect()
    return b.right <= c.right && b.left >= c.left
  })
  expect(cell).toBe(true)

  await text.click()
  await expect(page).toHaveURL(new RegExp(`/recordings/${rows[3]!.id}\\?page_size=100$`))
  await page.goBack()

  await page.getByRole('button', { name: 'Choose columns' }).click()
  await page.getByRole('checkbox', { name: 'Clicks' }).check()
  await page.keyboard.press('Escape')
  await expect(table(page).getByRole('columnheader', { name: 'Clicks' })).toBeVisible()
  await page.reload()
  await expect(table(page).getByRole('columnheader', { name: 'Clicks' })).toBeVisible()
  // Column names only: nothing else of the session in localStorage.
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual(['analytics-admin:recordings:columns'])
})

test('the start URL filter runs on the server: contains, a regular expression, errors on the field, and the AI pattern', async ({
  page,
}) => {
  const urls: Record<number, Partial<NewRecording>> = {}
  for (let i = 0; i < 30; i++)
    urls[i] = {
      start_url: [
        'https://shop.example.com/pricing',
        'https://shop.example.com/checkout',
        'https://app.example.com/signup',
      ][i % 3],
    }
  await seed(30, urls)
  await signInByLink(page, `${listPath()}?page_size=25`)
  await expect(page.getByText('1–25 of 30')).toBeVisible()

  const field = page.getByRole('searchbox', { name: 'Start URL' })
  await field.fill('PRICING')
  await field.press('Enter')
  await expect(page).toHaveURL(/start_url=PRICING/)
  // The server's count, not this page's rows.
  await expect(page.getByText('1–10 of 10')).toBeVisible()
  for (const text of await table(page)
    .getByRole('link', { name: /^(shop|app)\.example\.com/ })
    .allInnerTexts())
    expect(text).toContain('pricing')

  await page.getByRole('combobox', { name: 'How the start URL is matched' }).selectOption('regex')
  await field.fill('^https://(shop\\.example\\.com/checkout|app\\.example\\.com/signup)$')
  await field.press('Enter')
  await expect(page.getByText('1–20 of 20')).toBeVisible()
  await expect(page).toHaveURL(/start_url_regex=/)

  await field.fill('(unclosed')
  await field.press('Enter')
  await expect(page.getByText(/Not a valid regular expression/)).toBeVisible()
  await expect(page.getByText('1–20 of 20')).toBeVisible()
  // One the server cannot match in linear time: its refusal shows on the field.
  await field.fill('(a)\\1')
  await field.press('Enter')
  await expect(page.getByText(/cannot be matched in linear time/)).toBeVisible()
  await expect(page.getByText('The start URL filter was refused')).toBeVisible()

  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page.getByText('1–25 of 30')).toBeVisible()
  await page.getByRole('button', { name: /AI helpers/ }).click()
  await page.getByRole('textbox', { name: 'Describe the start URLs to match' }).fill('pricing or signup pages')
  await page.getByRole('button', { name: 'Generate pattern' }).click()
  await page.getByRole('button', { name: 'Filter the list by this pattern' }).click()
  await expect(page).toHaveURL(/start_url_regex=/)
  await expect(page.getByText('1–20 of 20')).toBeVisible()
  await expect(field).not.toHaveValue('')
})

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px the bulk bar floats over the list: rows never move as a selection starts`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    await seed(12)
    await signInByLink(page, listPath())
    const third = rowOf(page, rows[2]!.id)
    await expect(third).toBeVisible()
    const before = (await third.boundingBox())!.y
    await rowOf(page, rows[0]!.id).getByRole('checkbox').check()
    const bar = page.getByRole('region', { name: 'Bulk actions' })
    await expect(bar).toContainText('1 recording selected')
    expect((await third.boundingBox())!.y).toBe(before)
    await third.getByRole('checkbox').check()
    await expect(bar).toContainText('2 recordings selected')
    expect((await third.boundingBox())!.y).toBe(before)
    // The bar is within the screen, over the list.
    const box = (await bar.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width)
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height)
    await bar.getByRole('button', { name: 'Clear selection' }).click()
    await expect(bar).toHaveCount(0)
    expect((await third.boundingBox())!.y).toBe(before)
  })
}
