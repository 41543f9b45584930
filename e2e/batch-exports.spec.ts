import { expect, test, type Page } from '@playwright/test'
import {
  RUN_STATUSES,
  type BatchExport,
  type BatchExportCreate,
  type Organization,
  type RunStatus,
} from '../src/contracts'
import { findBatchExportRow, insertRun, storedConfig } from '../server/db/batch-exports'
import { openDatabase } from '../server/db/database'
import { api, createOrganization, deleteOrganization, uniqueName } from './support/api'
import { DATABASE_PATH } from './support/env'
import { signInByLink, signInRemembered } from './support/session'

test.use({ timezoneId: 'Europe/Berlin' })

let org: Organization

test.beforeEach(async () => {
  org = await createOrganization({ name: uniqueName('E2E Exports') })
})
test.afterEach(async () => {
  await deleteOrganization(org.id)
})

const SECRET = 'wJalrXUtnFEMI-e2e-secret-K7MDENG'
const exportsPath = () => `/api/organizations/${org.id}/batch_exports/`

/**
 * An S3 export to a made-up bucket. It starts in 2099: the engine schedules no run for it during
 * the test (a run against the bucket would fail and change the history a test looks at).
 */
async function createExport(overrides: Partial<BatchExportCreate> = {}): Promise<BatchExport> {
  const body: BatchExportCreate = {
    name: uniqueName('Seeded export'),
    model: 'events',
    interval: 'hour',
    start_at: '2099-01-01T00:00:00Z',
    destination: {
      type: 'S3',
      config: {
        bucket_name: 'acme-e2e-exports',
        region: 'eu-central-1',
        prefix: 'events/',
        aws_access_key_id: 'AKIAE2EEXAMPLE',
        aws_secret_access_key: SECRET,
      },
    },
    ...overrides,
  }
  const { status, body: created } = await api<BatchExport>(exportsPath(), { method: 'POST', body })
  expect(status, JSON.stringify(created)).toBe(201)
  return created
}

const getExport = (id: string) => api<BatchExport>(`${exportsPath()}${id}/`)

/** What the server stored, secrets included — read with the server's own code, never shown by the API. */
function storedSecrets(id: string) {
  const { db } = openDatabase(DATABASE_PATH)
  try {
    const config = storedConfig(findBatchExportRow(db, org.id, id)!)
    return { key: config.aws_access_key_id, secret: config.aws_secret_access_key }
  } finally {
    db.close()
  }
}

/** Run history can only be written by the server (or its seeding code): one run per status, newest first. */
function seedRuns(exportId: string, statuses: readonly RunStatus[]) {
  const { db } = openDatabase(DATABASE_PATH)
  try {
    const hour = 3_600_000
    const top = Math.floor(Date.now() / hour) * hour
    statuses.forEach((status, i) => {
      const end = top - i * hour
      const finished = status === 'Running' || status === 'Starting' ? null : new Date(end + 5 * 60_000).toISOString()
      insertRun(db, exportId, {
        status,
        records_completed: status === 'Completed' ? 5000 : 1200,
        records_failed: status.startsWith('Failed') ? 17 : 0,
        records_total_count: 5000,
        bytes_exported: 1_250_000,
        latest_error: status === 'Failed' ? `NoSuchBucket: e2e bucket missing for ${status}` : null,
        data_interval_start: new Date(end - hour).toISOString(),
        data_interval_end: new Date(end).toISOString(),
        cursor: null,
        created_at: new Date(end + 30_000 - i).toISOString(),
        finished_at: finished,
        last_updated_at: finished ?? new Date(end + 30_000).toISOString(),
      })
    })
  } finally {
    db.close()
  }
}

const detailPath = (id: string) => `/orgs/${org.id}/batch-exports/${id}`
const activeSwitch = (page: Page) => page.getByRole('switch', { name: 'Active' })
const runHistory = (page: Page) => page.getByRole('table', { name: 'Run history' })
/** A wall time for datetime-local inputs, in UTC. */
const utcLocal = (ms: number) => new Date(ms).toISOString().slice(0, 16)

test('creates an S3 export through the form, showing validation errors first', async ({ page }) => {
  const name = uniqueName('Nightly to S3')
  await signInByLink(page, `/orgs/${org.id}/batch-exports`)
  await expect(page.getByText('No exports yet')).toBeVisible()
  await page.getByRole('link', { name: 'New export' }).first().click()
  await expect(page).toHaveTitle(/New export/)

  await page.getByRole('button', { name: 'Create export' }).click()
  await expect(page.getByText('Name is required.')).toBeVisible()
  await expect(page.getByText('Bucket names are 3 to 63 characters long.')).toBeVisible()
  await expect(page.getByText('Required for a new S3 destination.')).toHaveCount(2)

  await page.getByRole('textbox', { name: /^Name/ }).fill(name)
  await page.getByRole('textbox', { name: /^Bucket/ }).fill('Acme_Exports')
  await page.getByRole('button', { name: 'Create export' }).click()
  await expect(page.getByText('Use only lowercase letters, digits, dots and hyphens.')).toBeVisible()
  await expect(page.getByRole('textbox', { name: /^Bucket/ })).toHaveAttribute('aria-invalid', 'true')

  await page.getByRole('textbox', { name: /^Bucket/ }).fill('acme-exports')
  await page.getByRole('combobox', { name: /^Region/ }).selectOption('eu-west-1')
  await page.getByRole('textbox', { name: /^Key prefix/ }).fill('posthog/events/')
  await page.getByRole('textbox', { name: /^Access key ID/ }).fill('AKIAE2EEXAMPLE')
  await page.getByLabel(/^Secret access key/).fill(SECRET)
  await page.getByRole('combobox', { name: 'File format' }).selectOption('Parquet')
  await page.getByRole('combobox', { name: 'Compression' }).selectOption('snappy')
  await page.getByRole('combobox', { name: /^Interval/ }).selectOption('day')
  await expect(page.getByRole('list', { name: 'Next data windows' }).getByRole('listitem')).toHaveCount(5)
  await page.getByRole('button', { name: 'Create export' }).click()

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByText('s3://acme-exports/posthog/events/')).toBeVisible()
  const id = page.url().split('/batch-exports/')[1]!
  const { body } = await getExport(id)
  expect(body).toMatchObject({
    name,
    interval: 'day',
    paused: false,
    destination: {
      type: 'S3',
      config: { bucket_name: 'acme-exports', region: 'eu-west-1', file_format: 'Parquet', compression: 'snappy' },
    },
  })
  expect(JSON.stringify(body)).not.toContain(SECRET)
  expect(storedSecrets(id)).toEqual({ key: 'AKIAE2EEXAMPLE', secret: SECRET })

  await page.getByRole('link', { name: 'Batch exports' }).first().click()
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible()
})

test('edit keeps the secret when left empty and never displays it', async ({ page }) => {
  const exp = await createExport()
  await signInByLink(page, `${detailPath(exp.id)}/edit`)
  const secret = page.getByLabel(/^Secret access key/)
  await expect(secret).toHaveAttribute('type', 'password')
  await expect(secret).toHaveValue('')
  await expect(page.getByText('Leave empty to keep the current secret.')).toBeVisible()
  expect(await page.content()).not.toContain(SECRET)

  await page.getByRole('textbox', { name: /^Key prefix/ }).fill('events/v2/')
  await expect(page.getByText('Unsaved changes')).toBeVisible()
  const patch = page.waitForRequest((r) => r.method() === 'PATCH')
  await page.getByRole('button', { name: 'Save' }).click()
  const sent = (await patch).postDataJSON() as { destination: { config: Record<string, unknown> } }
  expect(sent.destination.config).toMatchObject({ prefix: 'events/v2/' })
  expect(sent.destination.config).not.toHaveProperty('aws_secret_access_key')

  await expect(page.getByRole('heading', { level: 1, name: exp.name })).toBeVisible()
  await expect(page.getByText('s3://acme-e2e-exports/events/v2/')).toBeVisible()
  expect(storedSecrets(exp.id)).toEqual({ key: 'AKIAE2EEXAMPLE', secret: SECRET })

  // Editing again shows the field empty again: the stored value never comes back to the browser.
  await page.getByRole('link', { name: 'Edit' }).click()
  await expect(page.getByLabel(/^Secret access key/)).toHaveValue('')
  expect(await page.content()).not.toContain(SECRET)
})

test('pause and resume persist across a reload', async ({ page }) => {
  const exp = await createExport()
  await signInRemembered(page, detailPath(exp.id))
  await expect(activeSwitch(page)).toBeChecked()

  await activeSwitch(page).click()
  await expect(activeSwitch(page)).not.toBeChecked()
  await expect(page.getByText(/^Paused (just now|\d+ seconds? ago)$/)).toBeVisible()
  await expect.poll(async () => (await getExport(exp.id)).body.paused).toBe(true)
  await page.reload()
  await expect(activeSwitch(page)).not.toBeChecked()
  expect((await getExport(exp.id)).body.last_paused_at).not.toBeNull()

  await activeSwitch(page).click()
  await expect(activeSwitch(page)).toBeChecked()
  await expect(page.getByText('Running on schedule')).toBeVisible()
  await expect.poll(async () => (await getExport(exp.id)).body.paused).toBe(false)
  await page.reload()
  await expect(activeSwitch(page)).toBeChecked()

  // The list's quick action does the same.
  await page.getByRole('link', { name: 'Batch exports' }).first().click()
  await page.getByRole('button', { name: `Pause ${exp.name}` }).click()
  await expect(page.getByRole('button', { name: `Resume ${exp.name}` })).toBeVisible()
  await expect.poll(async () => (await getExport(exp.id)).body.paused).toBe(true)
})

test('a pause the server refuses flips back with a toast', async ({ page }) => {
  const exp = await createExport()
  await page.route(`**${exportsPath()}${exp.id}/`, async (route) => {
    if (route.request().method() !== 'PATCH') return route.fallback()
    await new Promise((resolve) => setTimeout(resolve, 600))
    return route.fulfill({
      status: 500,
      json: { type: 'server_error', code: 'error', detail: 'A server error occurred.', attr: null },
    })
  })
  await signInByLink(page, detailPath(exp.id))
  await expect(activeSwitch(page)).toBeChecked()
  await activeSwitch(page).click()
  // At once, before the server answers…
  await expect(activeSwitch(page)).not.toBeChecked()
  // …then back, with the reason.
  await expect(page.getByText(`Could not pause “${exp.name}”`)).toBeVisible()
  await expect(activeSwitch(page)).toBeChecked()
  expect((await getExport(exp.id)).body.paused).toBe(false)
})

// Starting is left out: the engine takes a queued run at once (batch-export-runs.spec covers it).
const SHOWN_STATUSES = RUN_STATUSES.filter((s) => s !== 'Starting')

test('run history shows every status, the failed run’s error on demand, and the chart', async ({ page }) => {
  const exp = await createExport()
  seedRuns(exp.id, SHOWN_STATUSES)
  await signInByLink(page, detailPath(exp.id))
  const table = runHistory(page)
  await expect(table.getByRole('row')).toHaveCount(SHOWN_STATUSES.length + 1)
  for (const status of SHOWN_STATUSES) {
    await expect(table.getByRole('cell', { name: status, exact: true })).toBeVisible()
  }
  await expect(page.getByRole('group', { name: /Records per data window for the last \d+ runs/ })).toBeVisible()

  const error = 'NoSuchBucket: e2e bucket missing for Failed'
  await expect(page.getByText(error)).toHaveCount(0)
  const failedRow = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Failed', exact: true }) })
  await failedRow.getByRole('button', { name: 'Show error' }).click()
  await expect(page.getByText(error)).toBeVisible()
  await page.getByRole('button', { name: 'Hide error' }).click()
  await expect(page.getByText(error)).toHaveCount(0)

  // The list shows the newest run's status.
  await page.getByRole('link', { name: 'Batch exports' }).first().click()
  const row = page.getByRole('row').filter({ hasText: exp.name })
  await expect(row.getByText(RUN_STATUSES[0], { exact: true })).toBeVisible()
})

test('logs filter by level, by text and by run, newest first, with older pages on demand', async ({ page }) => {
  const orgs = await api<{ results: Organization[] }>('/api/organizations/?limit=1000')
  const demo = orgs.body.results.find((o) => o.name === 'Demo Org')!
  const exports = await api<{ results: BatchExport[] }>(`/api/organizations/${demo.id}/batch_exports/`)
  const named = (name: string) => exports.body.results.find((e) => e.name === name)!
  // The live NoOp export has the longest history; the Postgres mirror failed after retries; the nightly S3 one lost its bucket once.
  const live = named('Event counts (dry run)')
  const mirror = named('Marketing events mirror')
  const nightly = named('Nightly S3 events')
  await signInByLink(page, `/orgs/${demo.id}/batch-exports/${live.id}?tab=logs`)

  const table = page.getByRole('table', { name: 'Log entries' })
  // Entry rows: those with cells (the header row has column headers only).
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') })
  await expect(rows).toHaveCount(50)
  const times = await table.getByRole('time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime')!))
  expect([...times].sort().reverse()).toEqual(times)
  await expect(page.getByText(/^50 of \d+ entries, newest first$/)).toBeVisible()
  await page.getByRole('button', { name: 'Load older' }).click()
  await expect(rows).toHaveCount(100)

  await signInByLink(page, `/orgs/${demo.id}/batch-exports/${mirror.id}?tab=logs`)
  await page.getByRole('button', { name: 'ERROR', exact: true }).click()
  await expect(page).toHaveURL(/level=ERROR/)
  await expect(rows.first()).toBeVisible()
  await expect(rows.filter({ hasNotText: 'ERROR' })).toHaveCount(0)
  await page.getByRole('button', { name: 'WARNING', exact: true }).click()
  await expect(rows.filter({ hasText: 'WARNING' }).first()).toBeVisible()
  await expect(rows.filter({ hasNotText: /ERROR|WARNING/ })).toHaveCount(0)

  await page.getByRole('button', { name: 'Clear filters' }).click()
  await page.getByRole('searchbox', { name: 'Search messages' }).fill('ETIMEDOUT')
  await expect(page).toHaveURL(/q=ETIMEDOUT/)
  await expect(rows.first()).toContainText('connect ETIMEDOUT 10.0.3.7:5432')
  await expect(rows.filter({ hasNotText: 'ETIMEDOUT' })).toHaveCount(0)

  await page.getByRole('button', { name: 'Clear filters' }).click()
  const runId = mirror.latest_runs[0]!.id
  await page.getByRole('combobox', { name: 'Run' }).selectOption(runId)
  await expect(rows.first()).toBeVisible()
  await expect(rows.filter({ hasNotText: runId.slice(0, 8) })).toHaveCount(0)
  const query = await api<{ count: number }>(
    `/api/organizations/${demo.id}/batch_exports/${mirror.id}/logs/?instance_id=${runId}`,
  )
  await expect(rows).toHaveCount(query.body.count)

  await signInByLink(page, `/orgs/${demo.id}/batch-exports/${nightly.id}?tab=logs&q=NoSuchBucket`)
  await expect(rows.first()).toContainText('NoSuchBucket: The specified bucket does not exist')
})

test('backfill rejects a future end and creates runs for a valid range', async ({ page }) => {
  // NoOp: the engine completes the runs at once, with nothing to reach.
  const exp = await createExport({ interval: 'hour', destination: { type: 'NoOp', config: {} } })
  await signInByLink(page, detailPath(exp.id))
  await expect(page.getByText('No runs yet')).toBeVisible()
  await page.getByRole('button', { name: 'Backfill' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('Deprecated endpoint')).toBeVisible()
  await dialog.getByRole('combobox', { name: 'Time zone' }).selectOption('UTC')

  const hour = 3_600_000
  const top = Math.floor(Date.now() / hour) * hour
  await dialog.getByLabel(/^Start \(UTC\)/).fill(utcLocal(top - 3 * hour))
  await dialog.getByLabel(/^End \(UTC\)/).fill(utcLocal(top + 48 * hour))
  await expect(dialog.getByText('The end of a backfill cannot be in the future.')).toBeVisible()
  await expect(dialog.getByRole('button', { name: /^Create|^Backfill$/ })).toBeDisabled()

  await dialog.getByLabel(/^End \(UTC\)/).fill(utcLocal(top - 4 * hour))
  await expect(dialog.getByText('The start must be before the end.')).toBeVisible()

  // The server refuses the same ranges.
  const future = await api(`${exportsPath()}${exp.id}/backfill/`, {
    method: 'POST',
    body: { start_at: new Date(top - 3 * hour).toISOString(), end_at: new Date(top + 48 * hour).toISOString() },
  })
  expect(future).toMatchObject({ status: 400, body: { type: 'validation_error', attr: 'end_at' } })

  await dialog.getByLabel(/^End \(UTC\)/).fill(utcLocal(top))
  await expect(dialog.getByRole('heading', { name: 'This creates 3 runs' })).toBeVisible()
  await expect(dialog.getByRole('list', { name: 'Runs to create' }).getByRole('listitem')).toHaveCount(3)
  await dialog.getByRole('button', { name: 'Create 3 runs' }).click()
  await expect(page.getByText('Backfill started: 3 runs')).toBeVisible()
  await expect(dialog).toBeHidden()

  // The engine exports them oldest first; the history shows them complete.
  const table = runHistory(page)
  await expect(table.getByRole('cell', { name: 'Completed', exact: true })).toHaveCount(3, { timeout: 20_000 })
  await expect(table.getByText('Backfill', { exact: true })).toHaveCount(3)
  const { body } = await getExport(exp.id)
  expect(body.latest_runs.map((r) => [r.status, r.data_interval_start])).toEqual([
    ['Completed', new Date(top - hour).toISOString()],
    ['Completed', new Date(top - 2 * hour).toISOString()],
    ['Completed', new Date(top - 3 * hour).toISOString()],
  ])

  // The same range again warns that it re-exports windows already in flight.
  await page.getByRole('button', { name: 'Backfill' }).click()
  await dialog.getByRole('combobox', { name: 'Time zone' }).selectOption('UTC')
  await dialog.getByLabel(/^Start \(UTC\)/).fill(utcLocal(top - 3 * hour))
  await dialog.getByLabel(/^End \(UTC\)/).fill(utcLocal(top))
  await expect(dialog.getByText('3 runs overlap windows already exported')).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
})

test('delete asks first, then lands on the list without the export', async ({ page }) => {
  const exp = await createExport()
  await signInByLink(page, detailPath(exp.id))
  await page.getByRole('button', { name: 'Delete export' }).click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText('This cannot be undone')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  expect((await getExport(exp.id)).status).toBe(200)

  await page.getByRole('button', { name: 'Delete export' }).click()
  await confirm.getByRole('button', { name: 'Delete export' }).click()
  await expect(page).toHaveURL(new RegExp(`/orgs/${org.id}/batch-exports$`))
  await expect(page.getByText(`Deleted ${exp.name}`)).toBeVisible()
  await expect(page.getByText('No exports yet')).toBeVisible()
  expect((await getExport(exp.id)).status).toBe(404)
})

test('the exports list has a Project column and a project filter that starts at the sidebar’s project', async ({
  page,
}) => {
  const orgs = await api<{ results: Organization[] }>('/api/organizations/')
  const demo = orgs.body.results.find((o) => o.name === 'Demo Org')!
  const [first, second] = demo.teams
  await signInByLink(page, '/orgs')
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
  await sidebar.getByRole('combobox', { name: 'Organization' }).selectOption(demo.id)
  await sidebar.getByRole('combobox', { name: 'Project' }).selectOption(String(second!.id))
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Batch exports' }).click()
  await expect(page).toHaveURL(new RegExp(`/orgs/${demo.id}/batch-exports\\?project=${second!.id}$`))
  const filter = page.getByRole('main').getByRole('combobox', { name: 'Project' })
  await expect(filter).toHaveValue(String(second!.id))
  const table = page.getByRole('table', { name: 'Batch exports' })
  await expect(table.getByRole('columnheader', { name: 'Project' })).toBeVisible()
  const projectCells = async () => {
    const index = (await table.getByRole('columnheader').allInnerTexts()).findIndex((h) => h.trim() === 'Project')
    return table.locator('tbody tr').evaluateAll((rows, i) => rows.map((r) => r.children[i]?.textContent), index)
  }
  await expect.poll(projectCells).toEqual(expect.arrayContaining([second!.name]))
  expect(new Set(await projectCells())).toEqual(new Set([second!.name]))

  await filter.selectOption('all')
  await expect(page).toHaveURL(/project=all/)
  await expect.poll(async () => new Set(await projectCells())).toEqual(new Set([first!.name, second!.name]))
  // Switching the sidebar's project on the list follows it.
  await sidebar.getByRole('combobox', { name: 'Project' }).selectOption(String(first!.id))
  await expect(page).toHaveURL(new RegExp(`project=${first!.id}$`))
  await expect.poll(async () => new Set(await projectCells())).toEqual(new Set([first!.name]))
})

async function demoExportPath() {
  const orgs = await api<{ results: Organization[] }>('/api/organizations/')
  const demo = orgs.body.results.find((o) => o.name === 'Demo Org')!
  const list = await api<{ results: BatchExport[] }>(`/api/organizations/${demo.id}/batch_exports/`)
  const exp = list.body.results.find((e) => e.name === 'Nightly S3 events')!
  return { path: `/orgs/${demo.id}/batch-exports/${exp.id}?tab=runs`, exp }
}

test('run chart: a value axis, a colour per status, and a click on a bar selects that run in the table', async ({
  page,
}) => {
  const { path, exp } = await demoExportPath()
  await signInByLink(page, path)
  const chart = page.getByRole('figure')
  await expect(chart.getByText('Records per data window')).toBeVisible()
  // A value axis with round numbers, starting at 0.
  await expect(chart.getByText('0', { exact: true })).toBeAttached()
  // Every status its own colour.
  const fills = await chart.locator('rect.run-bar').evaluateAll((bars) => bars.map((b) => getComputedStyle(b).fill))
  const statuses = new Set(exp.latest_runs.map((r) => r.status))
  expect(new Set(fills).size).toBe(statuses.size)
  const failed = exp.latest_runs.find((r) => r.status === 'Failed')!
  await chart.getByRole('button', { name: /^Select run: Failed/ }).click()
  const row = page.locator(`tr[data-run-id="${failed.id}"]`)
  await expect(row).toHaveAttribute('aria-current', 'true')
  await expect(row).toBeFocused()
  // Its error opens with it.
  await expect(page.getByText(failed.latest_error!)).toBeVisible()
  await expect(chart.getByRole('button', { name: /^Select run: Failed/ })).toHaveAttribute('aria-pressed', 'true')
})

test('at 390 px a failed run’s error is reachable without scrolling sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const { path, exp } = await demoExportPath()
  await signInByLink(page, path)
  const failed = exp.latest_runs.find((r) => r.status === 'Failed')!
  const row = page.locator(`tr[data-run-id="${failed.id}"]`)
  const toggle = row.getByRole('button', { name: 'Show error' })
  await toggle.scrollIntoViewIfNeeded()
  const box = (await toggle.boundingBox())!
  expect(box.x + box.width).toBeLessThanOrEqual(390)
  expect(await page.getByRole('table', { name: 'Run history' }).evaluate((t) => t.parentElement!.scrollLeft)).toBe(0)
  await toggle.click()
  const error = page.getByText(failed.latest_error!)
  await expect(error).toBeInViewport()
  const errorBox = (await error.boundingBox())!
  expect(errorBox.x + errorBox.width).toBeLessThanOrEqual(390)
})
