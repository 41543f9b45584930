import { createServer, type Server } from 'node:http'
import { expect, test, type Page } from '@playwright/test'
import type { Organization, Project, SessionRecording } from '../src/contracts'
import { api, createKey, createOrganization, deleteOrganization, uniqueName } from './support/api'
import { BASE_URL, PORT } from './support/env'
import { posthogSnippet } from '../src/features/projects/snippet'
import { capturedEvents } from './support/captured-events'
import { signInByLink } from './support/session'

// The real posthog-js (the npm package's own array.js and lazy recorder, served by this server as
// PostHog's asset host serves them), loaded on a page of another origin by PostHog's standard snippet,
// exactly as the console's project page gives it (headless Chromium needs the bot filter off).
const FIXTURE_PORT = Number(process.env.E2E_FIXTURE_PORT ?? PORT + 100)
const FIXTURE_ORIGIN = `http://127.0.0.1:${FIXTURE_PORT}`

const fixturePage = (token: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fixture shop</title>
${posthogSnippet(token, BASE_URL, { opt_out_useragent_filter: true })}
</head>
<body style="font-family: sans-serif">
  <h1>Fixture shop: captured by the real SDK</h1>
  <button id="add" onclick="document.getElementById('count').textContent = String(Number(document.getElementById('count').textContent) + 1)">Add to cart</button>
  <span>In cart: <span id="count">0</span></span>
  <p><label>Coupon <input id="coupon" name="coupon"></label></p>
  <button id="break" onclick="console.error('Checkout exploded: fixture error')">Break checkout</button>
  <div style="height: 2400px; background: linear-gradient(#fff, #ddd)">Long page</div>
  <footer>Bottom of the fixture</footer>
</body></html>`

let org: Organization
let fixture: Server | null = null
test.beforeEach(async () => {
  org = await createOrganization({ name: uniqueName('E2E Capture') })
})
test.afterEach(async () => {
  if (fixture) {
    const closing = fixture
    fixture = null
    closing.closeAllConnections()
    await new Promise((resolve) => closing.close(resolve))
  }
  await deleteOrganization(org.id)
})

async function serveFixture(token: string) {
  const server = createServer((req, res) => {
    if (req.url !== '/') return void res.writeHead(404).end()
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(fixturePage(token))
  })
  await new Promise<void>((resolve) => server.listen(FIXTURE_PORT, '127.0.0.1', resolve))
  fixture = server
}

async function recordingOf(projectId: number, sessionId: string) {
  const res = await api<SessionRecording>(`/api/projects/${projectId}/session_recordings/${sessionId}/`)
  return res.status === 200 ? res.body : null
}

async function browseFixture(site: Page) {
  await site.goto(FIXTURE_ORIGIN)
  // The SDK has fetched the remote config, loaded the recorder and taken its full snapshot.
  await site.waitForFunction(
    () =>
      (
        window as unknown as { posthog?: { sessionRecordingStarted?: () => boolean } }
      ).posthog?.sessionRecordingStarted?.() === true,
    null,
    { timeout: 15_000 },
  )
  await site.evaluate(() =>
    (window as unknown as { posthog: { identify: (id: string, set: object) => void } }).posthog.identify(
      'fixture-buyer',
      {
        email: 'buyer@fixture.example',
      },
    ),
  )
  for (let i = 0; i < 3; i++) await site.getByRole('button', { name: 'Add to cart' }).click()
  await site.getByLabel('Coupon').pressSequentially('SAVE10', { delay: 30 })
  await site.mouse.wheel(0, 1600)
  await site.getByText('Bottom of the fixture').scrollIntoViewIfNeeded()
  await site.mouse.wheel(0, -2000)
  await site.getByRole('button', { name: 'Break checkout' }).click()
  return site.evaluate(() =>
    (window as unknown as { posthog: { get_session_id: () => string } }).posthog.get_session_id(),
  )
}

test('a page of another site with PostHog’s snippet is recorded here, listed with its counts and plays', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const projectId = org.projects[0]!.id
  const { body: project } = await api<Project>(`/api/projects/${projectId}/`)
  const token = project.api_token!
  await serveFixture(token)

  const visitor = await browser.newContext()
  const site = await visitor.newPage()
  const siteErrors: string[] = []
  site.on('pageerror', (e) => siteErrors.push(e.message))
  const sessionId = await browseFixture(site)

  // The SDK flushes its buffers every few seconds; the recording fills in as they arrive.
  await expect
    .poll(
      async () => {
        const r = await recordingOf(projectId, sessionId)
        return r && { clicks: r.click_count, errors: r.console_error_count }
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toEqual({ clicks: 4, errors: 1 }) // three on Add to cart, one on Break checkout
  const recording = (await recordingOf(projectId, sessionId))!
  expect(recording).toMatchObject({ start_url: `${FIXTURE_ORIGIN}/`, snapshot_source: 'web', ongoing: true })
  expect(recording.keypress_count).toBeGreaterThanOrEqual(1)
  expect(recording.person).toMatchObject({ name: 'buyer@fixture.example' })
  expect(siteErrors).toEqual([])

  // The console lists it for that project with its counts, and plays the fixture page.
  await signInByLink(page, `/projects/${projectId}/recordings`)
  const row = page
    .getByRole('table', { name: 'Recordings' })
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox', { name: `Select recording ${sessionId}`, exact: true }) })
  await expect(row).toBeVisible()
  await expect(row.getByText('Ongoing', { exact: true })).toBeVisible()
  // Clicks are not among the default columns: the column chooser adds them.
  await page.getByRole('button', { name: 'Choose columns' }).click()
  await page.getByRole('group', { name: 'Columns' }).getByRole('checkbox', { name: 'Clicks' }).check()
  await page.keyboard.press('Escape')
  await expect(row.locator('.rec-col-clicks')).toHaveText('4')
  await expect(row.locator('.rec-col-errors')).toHaveText('1')
  await expect(row).toContainText('buyer@fixture.example')
  await row.getByRole('link').first().click()
  await expect(page).toHaveURL(new RegExp(`/recordings/${sessionId}$`))
  const frame = page.frameLocator('.player-frame iframe')
  await expect(frame.getByRole('heading', { name: 'Fixture shop: captured by the real SDK' })).toBeVisible({
    timeout: 15_000,
  })
  await expect(page.getByRole('complementary', { name: 'Console' })).toContainText('Checkout exploded: fixture error')

  // Events from the same page, read with the server's own database code (the API has no events endpoint).
  const events = capturedEvents(projectId)
  const names = events.map((e) => e.event)
  expect(names).toContain('$pageview')
  expect(names).toContain('$identify')
  expect(names).toContain('$autocapture')
  const pageview = events.find((e) => e.event === '$pageview')!
  expect(pageview.properties.$current_url).toBe(`${FIXTURE_ORIGIN}/`)
  expect(pageview.properties.$session_id).toBe(sessionId)
  expect(events.find((e) => e.event === '$identify')!.distinct_id).toBe('fixture-buyer')
  const click = events.find((e) => e.event === '$autocapture' && e.elements_chain.includes('Add to cart'))
  // Before identify posthog-js sends personless events; the clicks after it belong to the identified person.
  expect(pageview.properties.$process_person_profile).toBe(false)
  expect(click?.person_id).toBe(recording.person!.uuid)
  await visitor.close()
})

test('the project page gives the token and the snippet to copy, and rotates the token after confirming', async ({
  page,
  context,
}) => {
  const projectId = org.projects[0]!.id
  const before = (await api<Project>(`/api/projects/${projectId}/`)).body.api_token!
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL })
  await signInByLink(page, `/projects/${projectId}/recordings`)
  await page.getByRole('link', { name: 'Record your own site' }).click()
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`))
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Project' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await expect(page.getByText(before, { exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Copy snippet' }).click()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toContain('/static/array.js')
  expect(copied).toContain(`posthog.init(${JSON.stringify(before)}`)
  expect(copied).toContain(`api_host: ${JSON.stringify(BASE_URL)}`)

  await page.getByRole('button', { name: 'Rotate token…' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Rotate the project token?' })
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  expect((await api<Project>(`/api/projects/${projectId}/`)).body.api_token).toBe(before)

  await page.getByRole('button', { name: 'Rotate token…' }).click()
  await dialog.getByRole('button', { name: 'Rotate token' }).click()
  await expect(dialog).toBeHidden()
  const after = (await api<Project>(`/api/projects/${projectId}/`)).body.api_token!
  expect(after).not.toBe(before)
  await expect(page.getByText(after, { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Copy snippet' }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`posthog.init(${JSON.stringify(after)}`)

  // The old token is refused by capture at once; the new one is taken.
  const capture = (token: string) =>
    fetch(`${BASE_URL}/e/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ api_key: token, batch: [{ event: 'ping', properties: { distinct_id: 'p' } }] }),
    }).then((r) => r.status)
  expect(await capture(before)).toBe(401)
  expect(await capture(after)).toBe(200)
})

test('a key without project:write sees the token and snippet, and why it cannot rotate', async ({ page }) => {
  const projectId = org.projects[0]!.id
  const key = createKey(['project:read', 'organization:read', 'session_recording:read'], 'e2e capture read-only')
  await signInByLink(page, `/projects/${projectId}`, key)
  await expect(page.getByRole('button', { name: 'Copy snippet' })).toBeVisible()
  const rotate = page.getByRole('button', { name: 'Rotate token…' })
  await expect(rotate).toHaveAttribute('aria-disabled', 'true')
  await expect(rotate).toHaveAccessibleDescription('Needs scope project:write')
})
