import type { ChildProcess } from 'node:child_process'
import { expect, test, type Page } from '@playwright/test'
import { exited, randomPort, startServerProcess } from '../server/test/process'
import {
  AWS_S3_EXPORT_ID,
  HOGQL_EXPORT_ID,
  NEWER_TYPE_EXPORT_ID,
  ORG_ID,
  PROJECT_ID,
  recordings,
} from '../server/test/posthog-answers'
import { startPostHogStandIn } from '../server/test/posthog-stand-in'

// Proxy mode as an admin runs it (`npm start -- --upstream …`): the real server and console in front
// of a stand-in PostHog on loopback that answers as PostHog's views do (server/test/posthog-stand-in.ts).

const KEY = `phx_ProxyModeStandInKey${'0123456789'.repeat(3)}`

let upstream: Awaited<ReturnType<typeof startPostHogStandIn>>
let server: { child: ChildProcess; base: string }

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  upstream = await startPostHogStandIn({ key: KEY })
  for (let attempt = 1; ; attempt++) {
    const port = randomPort()
    try {
      const started = await startServerProcess({
        UPSTREAM_URL: upstream.url,
        PORT: String(port),
        STATIC_DIR: process.env.STATIC_DIR ?? './dist',
        RATE_LIMIT_PER_MINUTE: '100000',
      })
      server = { child: started.child, base: `http://127.0.0.1:${port}` }
      return
    } catch (error) {
      if (attempt === 3 || !String(error).includes('EADDRINUSE')) throw error
    }
  }
})

test.afterAll(async () => {
  server?.child.kill('SIGTERM')
  if (server) await exited(server.child)
  await upstream?.close()
})

async function open(page: Page, path: string) {
  await page.goto(`${server.base}${path}#key=${KEY}`)
  await expect(page).not.toHaveURL(/key=/)
}

const recordingsPath = `/projects/${PROJECT_ID}/recordings`
const exportsPath = `/orgs/${ORG_ID}/batch-exports`
const table = (page: Page, name: string) => page.getByRole('table', { name })
const dataRows = (page: Page) => table(page, 'Recordings').getByRole('rowgroup').nth(1).getByRole('row')
const lastListQuery = () => upstream.listRequests().at(-1)!.query

test('every page renders against PostHog: organizations, exports it can and cannot edit, runs, logs, recordings', async ({
  page,
}) => {
  await open(page, '/orgs')
  await expect(table(page, 'Organizations')).toContainText('Acme Analytics')
  await page.getByRole('link', { name: 'Acme Analytics' }).first().click()
  await expect(page.getByRole('heading', { name: 'Acme Analytics' })).toBeVisible()

  await page.goto(`${server.base}${exportsPath}`)
  const exportsTable = table(page, 'Batch exports')
  for (const text of [
    'Events to the data lake',
    'AwsS3',
    'Revenue rollup',
    'BigQuery',
    'Events to the stream',
    'Kinesis',
  ])
    await expect(exportsTable).toContainText(text)

  // The AwsS3 export: runs from PostHog's cursor page, logs PostHog does not serve to keys, an edit form.
  await exportsTable.getByRole('link', { name: 'Events to the data lake', exact: true }).click()
  await expect(page.getByText('The newest 3 runs, as PostHog lists them')).toBeVisible()
  await expect(page.getByText('NoSuchBucket: The specified bucket does not exist')).toHaveCount(0)
  await expect(page.getByRole('table').filter({ hasText: 'Failed' })).toBeVisible()
  await expect(page.getByText('Runs here')).toHaveCount(0)
  await page.getByRole('tab', { name: 'Logs' }).click()
  await expect(page.getByText('PostHog does not serve logs to API keys')).toBeVisible()
  const logRequests = upstream.seen.filter((s) => s.path.endsWith('/logs/')).length
  await page.waitForTimeout(5500)
  expect(upstream.seen.filter((s) => s.path.endsWith('/logs/')).length, 'no polling after a refusal').toBe(logRequests)
  await page.getByRole('link', { name: 'Edit' }).click()
  await expect(page.getByLabel('Name')).toHaveValue('Events to the data lake')

  // A destination type newer than the console: listed, its settings shown as PostHog answered, not editable.
  await page.goto(`${server.base}${exportsPath}/${NEWER_TYPE_EXPORT_ID}`)
  await expect(page.getByRole('heading', { name: 'Kinesis settings (read-only)' })).toBeVisible()
  await expect(page.getByText('"stream_name": "acme-events"')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveAttribute('aria-disabled', 'true')
  await page.goto(`${server.base}${exportsPath}/${NEWER_TYPE_EXPORT_ID}/edit`)
  await expect(page.getByText('This console cannot edit Kinesis destinations like this one')).toBeVisible()
  // PostHog's hogql model: shown, not editable.
  await page.goto(`${server.base}${exportsPath}/${HOGQL_EXPORT_ID}/edit`)
  await expect(page.getByText('This console cannot edit exports of the hogql model')).toBeVisible()

  // The project page: capture is the upstream's, so no snippet pointed at this server.
  await page.goto(`${server.base}/projects/${PROJECT_ID}`)
  await expect(page.getByText('Capture goes to your PostHog')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Copy snippet' })).toHaveCount(0)

  await page.goto(`${server.base}${recordingsPath}`)
  await expect(dataRows(page)).toHaveCount(recordings.length)
  // No count from PostHog: the range alone.
  await expect(page.getByText(`1–${recordings.length}`, { exact: true })).toBeVisible()
  // A person PostHog has not processed yet.
  await page.goto(`${server.base}${recordingsPath}/${recordings[3]!.id}`)
  await expect(page.getByText('Not processed yet')).toBeVisible()
  expect(upstream.seen.some((s) => s.path === `/api/organizations/${ORG_ID}/batch_exports/${AWS_S3_EXPORT_ID}/`)).toBe(
    true,
  )
})

test('filters and sort reach PostHog in its RecordingsQuery form and apply there, not to the page', async ({
  page,
}) => {
  await open(page, `${recordingsPath}?min_duration=100&has_console_errors=true`)
  await expect(dataRows(page).first()).toBeVisible()
  await table(page, 'Recordings').getByRole('button', { name: 'Duration' }).click()
  await expect(page).toHaveURL(/sort=-duration/)
  await expect.poll(() => lastListQuery().get('order')).toBe('duration')
  const query = lastListQuery()
  expect(query.get('order_direction')).toBe('DESC')
  expect(JSON.parse(query.get('having_predicates')!)).toEqual([
    { type: 'recording', key: 'duration', operator: 'gte', value: 100 },
  ])
  expect(JSON.parse(query.get('console_log_filters')!)).toEqual([
    { type: 'log_entry', key: 'level', operator: 'exact', value: ['error'] },
  ])
  expect(query.get('date_from')).toBe('all')
  expect([...query.keys()]).not.toContain('min_duration')
  expect([...query.keys()]).not.toContain('has_console_errors')
  // PostHog applied them: every row shown matches, in PostHog's order, and the page says nothing is page-only.
  const expected = recordings
    .filter((r) => r.recording_duration >= 100 && r.console_error_count > 0)
    .sort((a, b) => b.recording_duration - a.recording_duration)
  await expect(dataRows(page)).toHaveCount(expected.length)
  expect(expected.length).toBeGreaterThan(1)
  for (const [i, r] of expected.entries())
    await expect(dataRows(page).nth(i).getByRole('checkbox')).toHaveAttribute('aria-label', `Select recording ${r.id}`)
  await expect(page.getByText('Applied to this page only')).toHaveCount(0)

  // PostHog's query has no viewed filter (and refuses unknown fields): not sent, applied to the page, and said so.
  // (Both rows shown are unviewed, so "viewed only" leaves none of them.)
  await page.getByRole('combobox', { name: 'Viewed' }).selectOption('true')
  await expect(page.getByText('Applied to this page only')).toBeVisible()
  await expect(page.getByText("PostHog's list has no viewed filter")).toBeVisible()
  expect([...lastListQuery().keys()]).not.toContain('viewed')
  expect(upstream.seen.filter((s) => s.path.endsWith('/session_recordings/') && s.query.has('viewed'))).toEqual([])
})

test('the viewed toggle: opening marks it viewed through PostHog’s {success: true}; unviewing is refused with the reason', async ({
  page,
}) => {
  const unviewed = recordings.find((r) => !r.viewed && r.id !== recordings[3]!.id)!
  await open(page, recordingsPath)
  const row = dataRows(page).filter({ has: page.getByRole('checkbox', { name: `Select recording ${unviewed.id}` }) })
  await expect(row.getByRole('link', { name: /, not viewed$/ })).toBeVisible()
  await row.getByRole('link').first().click()
  // The badge (the facts list's `Viewed` term may be on the page too).
  await expect(page.getByText('Viewed', { exact: true }).and(page.locator('.badge'))).toBeVisible()
  await expect
    .poll(() => upstream.seen.filter((s) => s.method === 'PATCH' && s.path.includes(unviewed.id)).map((s) => s.body))
    .toEqual([{ viewed: true }])
  const unview = page.getByRole('button', { name: 'Mark as unviewed' })
  await expect(unview).toHaveAttribute('aria-disabled', 'true')
  await page.keyboard.press('v')
  await expect(page.getByText('PostHog keeps a recording viewed once it is: cannot mark it unviewed.')).toBeVisible()
  await page.getByRole('link', { name: 'Recordings' }).first().click()
  await expect(row.getByRole('link', { name: /, not viewed$/ })).toHaveCount(0)
})
