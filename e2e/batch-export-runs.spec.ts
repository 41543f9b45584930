import { createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { expect, test, type Page } from '@playwright/test'
import type { BatchExport, Organization } from '../src/contracts'
import { newId } from '../server/auth/keys'
import { openDatabase, writeTransaction } from '../server/db/database'
import { insertEvents } from '../server/db/events'
import { startS3Server, type S3Server } from '../server/test/s3-server'
import { api, createOrganization, deleteOrganization, uniqueName } from './support/api'
import { DATABASE_PATH } from './support/env'
import { signInByLink } from './support/session'

// Windows typed in UTC, so the runs' windows read the same in the table.
test.use({ timezoneId: 'UTC' })

const BUCKET = 'e2e-runs'
const HOUR = 3_600_000
/** Three hours of yesterday (UTC) with 40, 25 and 30 events. */
const day = Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR - 24 * HOUR
const at = (h: number) => new Date(day + h * HOUR).toISOString()
const local = (h: number) => at(h).slice(0, 16)

let s3: S3Server
let hanging: Server
let hangingUrl: string
const sockets = new Set<Socket>()
let org: Organization

test.beforeAll(async () => {
  s3 = await startS3Server([BUCKET])
  // An endpoint that accepts connections and never answers: a run writing to it stays Running until cancelled.
  hanging = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve))
  hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`
})
test.afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  hanging.close()
  await s3.close()
})

test.beforeEach(async () => {
  org = await createOrganization({ name: uniqueName('E2E Runs') })
  const { db } = openDatabase(DATABASE_PATH)
  try {
    const events = (count: number, hour: number) =>
      Array.from({ length: count }, (_, i) => {
        const t = day + hour * HOUR + Math.floor((i * HOUR) / count)
        return {
          uuid: newId(),
          event: '$pageview',
          distinct_id: `u${i % 7}`,
          properties: { i },
          timestamp: t,
          inserted_at: t,
        }
      })
    writeTransaction(db, () =>
      insertEvents(db, org.teams[0]!.id, [...events(40, 10), ...events(25, 11), ...events(30, 12)]),
    )
  } finally {
    db.close()
  }
})
test.afterEach(async () => {
  await deleteOrganization(org.id)
})

const runHistory = (page: Page) => page.getByRole('table', { name: 'Run history' })
const rowOf = (page: Page, window: string) => runHistory(page).getByRole('row').filter({ hasText: window })

async function backfillInDialog(page: Page, fromHour: number, toHour: number, runs: number) {
  await page.getByRole('button', { name: 'Backfill' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('combobox', { name: 'Time zone' }).selectOption('UTC')
  await dialog.getByLabel(/^Start \(UTC\)/).fill(local(fromHour))
  await dialog.getByLabel(/^End \(UTC\)/).fill(local(toHour))
  await dialog.getByRole('button', { name: `Create ${runs} run${runs === 1 ? '' : 's'}` }).click()
  await expect(dialog).toBeHidden()
}

test('exports to an S3-compatible server: connection test, backfill, cancel and retry', async ({ page }) => {
  test.setTimeout(120_000)
  const name = uniqueName('Runs to S3')
  const prefix = `runs-${Date.now().toString(36)}/`
  await signInByLink(page, `/orgs/${org.id}/batch-exports/new`)

  await page.getByRole('textbox', { name: /^Name/ }).fill(name)
  await page.getByRole('textbox', { name: /^Bucket/ }).fill(BUCKET)
  await page.getByRole('combobox', { name: /^Region/ }).selectOption('us-east-1')
  await page.getByRole('textbox', { name: /^Key prefix/ }).fill(prefix)
  await page.getByRole('textbox', { name: /^Access key ID/ }).fill('S3RVER')
  await page.getByLabel(/^Secret access key/).fill('S3RVER')
  await page.getByRole('textbox', { name: /^Endpoint URL/ }).fill(s3.endpoint)
  await page.getByRole('switch', { name: 'Create paused' }).click()

  // The connection test checks the bucket, then writes and deletes a probe object; nothing is saved.
  await page.getByRole('button', { name: 'Test connection' }).click()
  const steps = page.getByRole('list', { name: 'Connection test' }).getByRole('listitem')
  await expect(steps).toHaveCount(2)
  await expect(steps.nth(0)).toContainText('Check S3 bucket exists Passed')
  await expect(steps.nth(1)).toContainText('Write and delete a test object Passed')
  expect(await s3.keys(BUCKET)).toEqual([])

  await page.getByRole('button', { name: 'Create export' }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  const exportId = page.url().split('/batch-exports/')[1]!.split(/[?#]/)[0]!
  const exportPath = `/api/organizations/${org.id}/batch_exports/${exportId}/`

  // A backfill of two windows: both runs complete with their counts, and their files land in the bucket.
  await backfillInDialog(page, 10, 12, 2)
  await expect(rowOf(page, '10:00 → 11:00').getByRole('cell', { name: 'Completed', exact: true })).toBeVisible({
    timeout: 30_000,
  })
  await expect(rowOf(page, '11:00 → 12:00').getByRole('cell', { name: 'Completed', exact: true })).toBeVisible({
    timeout: 30_000,
  })
  await expect(rowOf(page, '10:00 → 11:00').getByRole('cell', { name: '40', exact: true }).first()).toBeVisible()
  await expect(rowOf(page, '11:00 → 12:00').getByRole('cell', { name: '25', exact: true }).first()).toBeVisible()
  const base = (h: number) => `${at(h).replace('.000Z', '+00:00')}-${at(h + 1).replace('.000Z', '+00:00')}`
  expect(await s3.keys(BUCKET)).toEqual([`${prefix}${base(10)}.jsonl.gz`, `${prefix}${base(11)}.jsonl.gz`])

  // Cancel: a run writing to an endpoint that never answers stays Running until it is cancelled.
  await api(exportPath, { method: 'PATCH', body: { destination: { config: { endpoint_url: hangingUrl } } } })
  await backfillInDialog(page, 12, 13, 1)
  const hung = rowOf(page, '12:00 → 13:00')
  await expect(hung.getByRole('cell', { name: 'Running', exact: true })).toBeVisible({ timeout: 30_000 })
  await hung.getByRole('button', { name: /^Cancel run of/ }).click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText('The window is not exported unless you retry the run later.')
  await confirm.getByRole('button', { name: 'Cancel run' }).click()
  await expect(hung.getByRole('cell', { name: 'Cancelled', exact: true })).toBeVisible({ timeout: 30_000 })

  // Retry: a run that failed on a missing bucket succeeds once the bucket is right again.
  await api(exportPath, {
    method: 'PATCH',
    body: { destination: { config: { endpoint_url: s3.endpoint, bucket_name: 'missing-bucket' } } },
  })
  await backfillInDialog(page, 12, 13, 1)
  const failed = runHistory(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Failed', exact: true }) })
  await expect(failed).toHaveCount(1, { timeout: 30_000 })
  await failed.getByRole('button', { name: 'Show error' }).click()
  await expect(page.getByText(/^NoSuchBucket: /)).toBeVisible()
  await api(exportPath, { method: 'PATCH', body: { destination: { config: { bucket_name: BUCKET } } } })
  await failed.getByRole('button', { name: /^Retry run of/ }).click()
  await expect(page.getByText('Retry queued')).toBeVisible()
  await expect
    .poll(async () => (await api<{ results: BatchExport['latest_runs'] }>(`${exportPath}runs/`)).body.results[0], {
      timeout: 30_000,
    })
    .toMatchObject({ status: 'Completed', records_completed: 30, data_interval_start: at(12) })
  await expect(rowOf(page, '12:00 → 13:00').getByRole('cell', { name: 'Completed', exact: true })).toBeVisible({
    timeout: 15_000,
  })
  expect(await s3.keys(BUCKET)).toContain(`${prefix}${base(12)}.jsonl.gz`)
})

test('resuming a paused export says how many windows it missed and can backfill them', async ({ page }) => {
  const created = await api<BatchExport>(`/api/organizations/${org.id}/batch_exports/`, {
    method: 'POST',
    body: {
      name: uniqueName('Paused NoOp'),
      interval: 'hour',
      paused: true,
      // Paused 10 minutes past the hour three hours ago: exactly three hourly windows have closed since.
      last_paused_at: new Date(Math.floor(Date.now() / HOUR) * HOUR - 3 * HOUR + 10 * 60_000).toISOString(),
      destination: { type: 'NoOp', config: {} },
    },
  })
  expect(created.status).toBe(201)
  await signInByLink(page, `/orgs/${org.id}/batch-exports/${created.body.id}`)
  await page.getByRole('switch', { name: 'Active' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('3 windows closed while it was paused')
  await expect(dialog.getByRole('radio', { name: /Backfill the missed windows/ })).toBeChecked()
  await dialog.getByRole('button', { name: 'Resume and backfill 3' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('switch', { name: 'Active' })).toBeChecked()
  await expect(
    runHistory(page)
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Completed', exact: true }) }),
  ).toHaveCount(3, { timeout: 30_000 })
})
