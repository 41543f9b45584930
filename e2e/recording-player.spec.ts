import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type Page } from '@playwright/test'
import type { Organization, SessionRecording, SharingConfiguration } from '../src/contracts'
import type { NewRecording } from '../server/db/recordings'
import { buildSnapshotStream } from '../server/seed/snapshot-stream'
import { api, createOrganization, deleteOrganization, uniqueName } from './support/api'
import { BASE_URL } from './support/env'
import { recordCspViolations } from './support/csp'
import { addRecording, hostileStream } from './support/recording-streams'
import { signInByLink, signInRemembered } from './support/session'

// The player on the recording page and on public links, against recordings whose streams the demo
// seed's own generator wrote (or a crafted hostile one), in a project of a fresh organization.
let org: Organization
let projectId: number
test.beforeEach(async () => {
  org = await createOrganization({ name: uniqueName('E2E Player') })
  projectId = org.projects[0]!.id
})
test.afterEach(async () => {
  await deleteOrganization(org.id)
})

/** A finished recording a minute long, with a skippable pause, and a stream by the demo seed's generator. */
function demoRecording(row: Partial<NewRecording> = {}, options: Parameters<typeof addRecording>[3] = {}) {
  const start = Date.now() - 2 * 3_600_000
  const base = {
    id: `e2e-${Math.random().toString(36).slice(2)}`,
    team_id: projectId,
    distinct_id: null,
    viewed: 0,
    recording_duration: 60,
    active_seconds: 45,
    inactive_seconds: 15,
    start_time: start,
    end_time: start + 60_000,
    click_count: 5,
    keypress_count: 6,
    mouse_activity_count: 20,
    console_log_count: 4,
    console_warn_count: 1,
    console_error_count: 3,
    start_url: 'https://app.example.com/pricing',
    storage: 'object_storage' as const,
    snapshot_source: 'web' as const,
    activity_score: 10,
    ...row,
  }
  return addRecording(projectId, base, buildSnapshotStream(base).events, { perChunk: 40, ...options })
}

const recordingPath = (id: string) => `/projects/${projectId}/recordings/${id}`
const seekBar = (page: Page) => page.getByRole('slider', { name: 'Seek' })
const frame = (page: Page) => page.frameLocator('.player-frame iframe')
/** The player's clock in seconds, from the seek bar's accessible value ("0:12 of 1:00"). */
async function elapsed(page: Page) {
  const [m, s] = ((await seekBar(page).getAttribute('aria-valuetext')) ?? '').split(' ')[0]!.split(':')
  return Number(m) * 60 + Number(s)
}

test('a recording plays: the page is drawn, the clock runs, the console is listed, and it is marked viewed', async ({
  page,
}) => {
  const recording = demoRecording()
  await signInByLink(page, recordingPath(recording.id))
  await expect(frame(page).getByRole('heading', { name: 'Simple, usage-based pricing' })).toBeVisible()
  await expect(frame(page).getByRole('button', { name: 'Choose Pro' })).toBeVisible()
  await expect(page.locator('.player-frame iframe')).toHaveAttribute('sandbox', 'allow-same-origin')
  await expect.poll(() => elapsed(page)).toBeGreaterThanOrEqual(2)
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible()

  const consolePane = page.getByRole('complementary', { name: 'Console' })
  await expect(consolePane.getByRole('listitem')).toHaveCount(4 + 1 + 3)
  await expect(consolePane).toContainText('4 log · 1 warn · 3 error')
  await expect(page.getByRole('button', { name: /^Console error at/ }).first()).toBeVisible()

  // Opening it marked it viewed, as PostHog does: the list's dot is gone too.
  await expect(page.getByRole('button', { name: 'Mark as unviewed' })).toBeVisible()
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Recordings' }).click()
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox', { name: `Select recording ${recording.id}`, exact: true }) })
  await expect(row).toBeVisible()
  await expect(row.getByRole('link', { name: /, not viewed$/ })).toHaveCount(0)
  await expect
    .poll(
      async () =>
        (await api<SessionRecording>(`/api/projects/${projectId}/session_recordings/${recording.id}/`)).body.viewed,
    )
    .toBe(true)
})

test('seek by a console-error marker, a console entry and the keyboard; speed and skip inactivity', async ({
  page,
}) => {
  const recording = demoRecording()
  await signInByLink(page, recordingPath(recording.id))
  await expect(frame(page).getByRole('heading', { level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Pause' }).click()
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible()

  const marker = page.getByRole('button', { name: /^Console error at/ }).last()
  const at = /at (\d+:\d\d):/.exec((await marker.getAttribute('aria-label'))!)![1]!
  await marker.click()
  await expect(seekBar(page)).toHaveAttribute('aria-valuetext', new RegExp(`^${at} of 1:00$`))
  await expect(page.getByRole('complementary', { name: 'Console' }).locator('[aria-current="true"]')).toContainText(at)

  const entry = page.getByRole('complementary', { name: 'Console' }).getByRole('button').first()
  const entryAt = (await entry.locator('.console-time').textContent())!
  await entry.click()
  await expect(seekBar(page)).toHaveAttribute('aria-valuetext', new RegExp(`^${entryAt} of`))

  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  const before = await elapsed(page)
  await page.keyboard.press('ArrowRight')
  await expect.poll(() => elapsed(page)).toBe(Math.min(60, before + 10))
  await page.keyboard.press(' ')
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible()
  await page.keyboard.press(' ')
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible()

  await page.getByRole('combobox', { name: 'Playback speed' }).selectOption('8')
  await expect(page.getByRole('button', { name: 'Skip inactivity' })).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('button', { name: 'Skip inactivity' }).click()
  await expect(page.getByRole('button', { name: 'Skip inactivity' })).toHaveAttribute('aria-pressed', 'false')
})

test('a shared link plays in a fresh browser without a key; once sharing is off it does not work', async ({
  page,
  browser,
}) => {
  const recording = demoRecording()
  const sharingPath = `/api/projects/${projectId}/session_recordings/${recording.id}/sharing/`
  const { body } = await api<SharingConfiguration>(sharingPath, { method: 'PATCH', body: { enabled: true } })
  const token = body.access_token!

  const stranger = await browser.newContext()
  const violations = await recordCspViolations(stranger)
  const publicPage = await stranger.newPage()
  const sent: Record<string, string>[] = []
  publicPage.on('request', (r) => sent.push(r.headers()))
  await publicPage.goto(`${BASE_URL}/shared/${token}`)
  await expect(publicPage.getByRole('heading', { name: 'Shared session recording' })).toBeVisible()
  await expect(publicPage.getByText(/Started .+ · 1m 0s long/)).toBeVisible()
  await expect(frame(publicPage).getByRole('heading', { name: 'Simple, usage-based pricing' })).toBeVisible()
  await expect.poll(() => elapsed(publicPage)).toBeGreaterThanOrEqual(2)
  expect(sent.some((h) => 'authorization' in h)).toBe(false)
  // The public page runs under its own policy, and nothing of its own code is refused.
  expect(await violations(publicPage)).toEqual([])

  await api(sharingPath, { method: 'PATCH', body: { enabled: false } })
  const again = await publicPage.reload()
  expect(again?.status()).toBe(404)
  await expect(publicPage.getByRole('heading', { name: 'This link does not work' })).toBeVisible()
  const snapshots = await fetch(
    `${BASE_URL}/api/projects/${projectId}/session_recordings/${recording.id}/snapshots/?sharing_access_token=${token}`,
  )
  expect(snapshots.status).toBe(401)
  await stranger.close()
  await page.close()
})

test('only the embed link may be framed by another site', async ({ page }) => {
  const recording = demoRecording()
  const { body } = await api<SharingConfiguration>(
    `/api/projects/${projectId}/session_recordings/${recording.id}/sharing/`,
    {
      method: 'PATCH',
      body: { enabled: true },
    },
  )
  // A page of another site (a real server of its own; localhost is another site than 127.0.0.1) that embeds both links.
  const blog = createServer((_req, res) =>
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(
      `<iframe title="embed" src="${BASE_URL}/embedded/${body.access_token}" width="900" height="600"></iframe>
       <iframe title="shared" src="${BASE_URL}/shared/${body.access_token}" width="900" height="600"></iframe>`,
    ),
  )
  await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve))
  await page.goto(`http://localhost:${(blog.address() as AddressInfo).port}/`)
  const embed = page.frameLocator('iframe[title="embed"]')
  await expect(embed.getByRole('heading', { name: 'Shared session recording' })).toBeVisible()
  await expect(embed.getByRole('button', { name: 'Play', exact: true })).toBeVisible()
  // The browser refuses to show the public page in another site's frame (an error page instead).
  await expect.poll(() => page.frames().some((f) => f.url().startsWith('chrome-error://'))).toBe(true)
  expect(page.frames().filter((f) => f.url().includes('/shared/'))).toEqual([])
  blog.close()
})

test('a crafted hostile recording runs nothing in the viewer’s page', async ({ page }) => {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  const recording = addRecording(projectId, { console_error_count: 1 }, hostileStream())
  await signInByLink(page, recordingPath(recording.id))
  await expect(frame(page).getByRole('heading', { name: 'Hostile page' })).toBeVisible()
  await expect.poll(() => elapsed(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(2) // past the hostile mutation

  const inside = await page.evaluate(() => {
    const iframe = document.querySelector<HTMLIFrameElement>('.player-frame iframe')!
    const doc = iframe.contentDocument!
    const all = [...doc.querySelectorAll('*')]
    return {
      sandbox: iframe.getAttribute('sandbox'),
      heading: doc.querySelector('h1')?.textContent, // still the recorded page: no refresh navigated it away
      handlers: all.flatMap((e) => [...e.attributes].map((a) => a.name)).filter((n) => /^on/i.test(n)),
      javascriptUrls: all.flatMap((e) => [...e.attributes].map((a) => a.value)).filter((v) => /javascript:/i.test(v)),
      scriptText: [...doc.querySelectorAll('script')].map((s) => s.textContent).join(''),
      scriptSrc: [...doc.querySelectorAll('script[src]')].length,
      frames: [...doc.querySelectorAll('iframe, object')].map(
        (f) => f.getAttribute('srcdoc') ?? f.getAttribute('src') ?? f.getAttribute('data'),
      ),
      refresh: doc.querySelectorAll('meta[http-equiv]').length,
      base: doc.querySelectorAll('base[href]').length,
      images: doc.querySelectorAll('img').length,
      pwned:
        (window as { __pwned?: unknown }).__pwned ?? (iframe.contentWindow as { __pwned?: unknown } | null)?.__pwned,
    }
  })
  expect(inside).toEqual({
    sandbox: 'allow-same-origin',
    heading: 'Hostile page',
    handlers: [],
    javascriptUrls: [],
    scriptText: '',
    scriptSrc: 0,
    frames: [null, null],
    refresh: 0,
    base: 0,
    images: 2, // the mutation's image arrived, without its handler
    pwned: undefined,
  })
  expect(dialogs).toEqual([])
  // The captured URL is text, not a link; the captured console line is text, not markup.
  await expect(page.locator('.player-url')).toHaveText('javascript:alert(document.domain)')
  await expect(page.locator('.player-url a')).toHaveCount(0)
  const consolePane = page.getByRole('complementary', { name: 'Console' })
  await expect(consolePane).toContainText('<img src=x onerror="parent.__pwned=1">')
  await expect(consolePane.locator('img')).toHaveCount(0)
})

test('states: loading, no snapshot data, a corrupt chunk, an ongoing recording', async ({ page }) => {
  const empty = addRecording(projectId, {}, null)
  const corrupt = demoRecording({}, { corrupt: [1] })
  const now = Date.now()
  const ongoing = demoRecording({ start_time: now - 90_000, end_time: now - 30_000 })

  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => url.pathname.endsWith('/snapshots/'),
    async (route) => {
      await gate
      await route.continue()
    },
  )
  await signInRemembered(page, recordingPath(empty.id))
  await expect(page.getByLabel('Loading the recording')).toBeVisible()
  release()
  await expect(page.getByRole('heading', { name: 'No snapshot data for this recording' })).toBeVisible()
  await expect(page.getByText(/none of its page data was captured or kept/)).toBeVisible()

  await page.goto(recordingPath(corrupt.id))
  await expect(page.getByText('Part of this recording could not be read')).toBeVisible()
  await expect(page.getByText(/1 chunk damaged/)).toBeVisible()
  await expect(frame(page).getByRole('heading', { level: 1 })).toBeVisible()

  await page.goto(recordingPath(ongoing.id))
  await expect(page.getByText('This recording is still in progress')).toBeVisible()
  await expect(page.getByText(/More may come/)).toBeVisible()
  await expect(frame(page).getByRole('heading', { level: 1 })).toBeVisible()
})
