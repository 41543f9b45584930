import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { ChildProcess } from 'node:child_process'
import { expect, test, type Page, type Request, type Response } from '@playwright/test'
import type { BatchExport, Organization, SessionRecording, SharingConfiguration } from '../src/contracts'
import { exited, randomPort, startServerProcess } from '../server/test/process'
import { api, createKey, createOrganization, deleteOrganization, revokeKey, uniqueName } from './support/api'
import { recordCspViolations } from './support/csp'
import { seedRecordings } from './support/seed-recordings'
import { signInByLink, signInForgetful, signInRemembered, storedValues } from './support/session'

/** Every request the page (or every tab of the context) sends, with all its headers and body. */
function recordRequests(target: { on(event: 'request', listener: (r: Request) => void): unknown }) {
  const sent: Promise<{ url: string; headers: Record<string, string>; body: string }>[] = []
  target.on('request', (r: Request) => {
    sent.push(r.allHeaders().then((headers) => ({ url: r.url(), headers, body: r.postData() ?? '' })))
  })
  return () => Promise.all(sent)
}

/** Every response the page (or the context) receives, with its headers and body (empty when it has none). */
function recordResponses(target: { on(event: 'response', listener: (r: Response) => void): unknown }) {
  const received: Promise<{ url: string; status: number; headers: Record<string, string>; body: string }>[] = []
  target.on('response', (r: Response) => {
    received.push(
      Promise.all([r.allHeaders(), r.text().catch(() => '')]).then(([headers, body]) => ({
        url: r.url(),
        status: r.status(),
        headers,
        body,
      })),
    )
  })
  return () => Promise.all(received)
}

/** Everything the page shows or keeps where a secret could end up, besides its memory. */
async function pageTraces(page: Page) {
  const inPage = await page.evaluate(() => ({
    url: location.href,
    historyState: JSON.stringify(history.state),
    cookie: document.cookie,
    html: document.documentElement.outerHTML,
    // Typed or set values are properties, not always attributes: outerHTML alone would miss them.
    values: [...document.querySelectorAll('input, textarea')].map((e) => (e as HTMLInputElement).value).join('\n'),
  }))
  const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('\n')
  return { ...inPage, cookies, ...(await storedValues(page)) }
}

/**
 * The key is nowhere in the page (URL, history state, cookies, localStorage, DOM, field values), and in
 * sessionStorage exactly when the tab remembers it (the default; not with "Don't remember me").
 */
async function expectKeyKeptSafe(page: Page, key: string, { remembered }: { remembered: boolean }) {
  // The secret part: a copy without the `phx_` prefix counts as a leak too.
  const secret = key.slice('phx_'.length)
  const t = await pageTraces(page)
  for (const [where, value] of Object.entries({
    url: t.url,
    historyState: t.historyState,
    cookie: t.cookie,
    cookies: t.cookies,
    localStorage: t.local.join('\n'),
    html: t.html,
    values: t.values,
  })) {
    expect(value, `the key in ${where}`).not.toContain(secret)
  }
  expect(t.session.join('\n').includes(secret), 'the key in sessionStorage').toBe(remembered)
}

test.describe('the personal API key', () => {
  // A server of its own, logging every request, so its whole output can be searched for the key.
  let server: { child: ChildProcess; output: () => string; base: string; databasePath: string }
  // The demo key is printed on purpose at first start ("Sign in: …/#key=…", the documented sign-in
  // link), so the check uses keys made afterwards with the keys CLI, which the server never printed.
  const demoKey = `phx_SecuritySpecDemo${'0123456789'.repeat(3)}abcd`

  test.beforeAll(async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), 'analytics-admin-security-')), 'security.sqlite')
    // A random port can be taken (other sessions, other servers): try a few.
    for (let attempt = 1; ; attempt++) {
      const port = randomPort()
      try {
        const started = await startServerProcess({
          DATABASE_PATH: databasePath,
          PORT: String(port),
          LOG_REQUESTS: '1',
          STATIC_DIR: process.env.STATIC_DIR ?? './dist',
          DEMO_API_KEY: demoKey,
          RATE_LIMIT_PER_MINUTE: '100000',
        })
        server = { ...started, base: `http://127.0.0.1:${port}`, databasePath }
        return
      } catch (error) {
        if (attempt === 3 || !String(error).includes('EADDRINUSE')) throw error
      }
    }
  })
  test.afterAll(async () => {
    if (!server) return
    server.child.kill('SIGTERM')
    await exited(server.child)
    rmSync(dirname(server.databasePath), { recursive: true, force: true })
  })

  test('stays out of URLs, history, storage, cookies, the DOM, other origins and the server log', async ({ page }) => {
    test.setTimeout(90_000)
    const { base } = server
    // The same server under another origin: the key must never reach a page of it.
    const otherOrigin = base.replace('127.0.0.1', 'localhost')
    const key = createKey(['*'], 'security e2e', server.databasePath)
    const orgReadOnly = createKey(['organization:read'], 'security e2e read-only', server.databasePath)
    const call = async <T>(path: string) =>
      (await (await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${key}` } })).json()) as T
    let token = ''
    const orgs = await call<{ results: Organization[] }>('/api/organizations/')
    const demo = orgs.results.find((o) => o.name === 'Demo Org')!
    const exports = await call<{ results: BatchExport[] }>(`/api/organizations/${demo.id}/batch_exports/`)
    const nightly = exports.results.find((e) => e.name === 'Nightly S3 events')!
    const web = demo.projects.find((p) => p.name === 'Web app')!
    const recordings = await call<{ results: SessionRecording[] }>(
      `/api/projects/${web.id}/session_recordings/?limit=5`,
    )
    const recording = recordings.results[0]!

    // Every tab of the context: the new tabs of the steps below send the key too.
    const requests = recordRequests(page.context())
    const responses = recordResponses(page.context())
    const consoleLines: string[] = []
    page.on('console', (m) => consoleLines.push(m.text()))
    page.on('pageerror', (e) => consoleLines.push(`${e.message}\n${e.stack ?? ''}`))

    await test.step("a sign-in link: the fragment is gone at once, the key only in the tab's sessionStorage", async () => {
      await signInByLink(page, `${base}/orgs`, key)
      await expect(page.getByRole('table', { name: 'Organizations' })).toBeVisible()
      await expectKeyKeptSafe(page, key, { remembered: true })
      await page.getByRole('link', { name: 'Demo Org', exact: true }).first().click()
      await expect(page.getByRole('heading', { level: 1, name: 'Demo Org' })).toBeVisible()
      await expectKeyKeptSafe(page, key, { remembered: true })
      // No history entry holds the link: back and forward never show it.
      await page.goBack()
      await expect(page.getByRole('table', { name: 'Organizations' })).toBeVisible()
      expect(page.url()).not.toContain(key)
      await page.goForward()
      await expect(page.getByRole('heading', { level: 1, name: 'Demo Org' })).toBeVisible()
      expect(page.url()).not.toContain(key)
      // Remembered: a reload keeps the session, and the key is still only where it was.
      await page.reload()
      await expect(page.getByRole('heading', { level: 1, name: 'Demo Org' })).toBeVisible()
      await expectKeyKeptSafe(page, key, { remembered: true })
    })

    await test.step('a new tab gets the key from an open tab of this origin; another origin gets nothing', async () => {
      // The open tab answers on a BroadcastChannel, which only same-origin pages can join: a page of the
      // same server under another origin (localhost instead of 127.0.0.1) asks on the same channel.
      const ask = (p: Page) =>
        p.evaluate(
          () =>
            new Promise<string[]>((resolve) => {
              const channel = new BroadcastChannel('analytics-admin.session')
              const heard: string[] = []
              channel.onmessage = (e) => heard.push(JSON.stringify(e.data))
              channel.postMessage({ type: 'request', id: 'probe' })
              setTimeout(() => {
                channel.close()
                resolve(heard)
              }, 1500)
            }),
        )
      const elsewhere = await page.context().newPage()
      elsewhere.on('console', (m) => consoleLines.push(m.text()))
      await elsewhere.goto(`${otherOrigin}/sign-in`)
      await expect(elsewhere.getByRole('heading', { name: 'Sign in' })).toBeVisible()
      const heardElsewhere = await ask(elsewhere)
      expect(heardElsewhere.join('\n')).not.toContain(key.slice('phx_'.length))
      await expectKeyKeptSafe(elsewhere, key, { remembered: false })
      await elsewhere.close()
      // The same question from this origin is answered (so the check above is not vacuous)…
      const sameOrigin = await page.context().newPage()
      sameOrigin.on('console', (m) => consoleLines.push(m.text()))
      await sameOrigin.goto(`${base}/orgs`)
      await expect(sameOrigin.getByRole('table', { name: 'Organizations' })).toBeVisible()
      await expectKeyKeptSafe(sameOrigin, key, { remembered: true })
      expect((await ask(sameOrigin)).join('\n')).toContain(key.slice('phx_'.length))
      await sameOrigin.close()
    })

    await test.step('"Don\'t remember me": memory only, a reload signs out', async () => {
      await page.getByRole('button', { name: 'Sign out' }).click()
      await expectKeyKeptSafe(page, key, { remembered: false })
      await signInForgetful(page, `${base}/orgs`, key)
      await expect(page.getByRole('table', { name: 'Organizations' })).toBeVisible()
      await expectKeyKeptSafe(page, key, { remembered: false })
      await page.reload()
      await expect(page).toHaveURL(/\/sign-in$/)
      await expectKeyKeptSafe(page, key, { remembered: false })
    })

    await test.step('a pasted, remembered key across organizations, exports and recordings', async () => {
      await signInRemembered(page, `${base}/orgs`, key)
      await expect(page.getByRole('table', { name: 'Organizations' })).toBeVisible()
      await expectKeyKeptSafe(page, key, { remembered: true })
      const visits: [string, (p: Page) => Promise<void>][] = [
        [
          `/orgs/${demo.id}/batch-exports`,
          (p) => expect(p.getByRole('link', { name: nightly.name, exact: true })).toBeVisible(),
        ],
        [
          `/orgs/${demo.id}/batch-exports/${nightly.id}`,
          (p) => expect(p.getByRole('table', { name: 'Run history' })).toBeVisible(),
        ],
        [
          `/orgs/${demo.id}/batch-exports/${nightly.id}?tab=logs`,
          (p) => expect(p.getByRole('table', { name: 'Log entries' })).toBeVisible(),
        ],
        [
          `/orgs/${demo.id}/batch-exports/${nightly.id}/edit`,
          (p) => expect(p.getByLabel(/^Secret access key/)).toHaveValue(''),
        ],
        [`/projects/${web.id}/recordings`, (p) => expect(p.getByRole('table', { name: 'Recordings' })).toBeVisible()],
        [
          `/projects/${web.id}/recordings/${recording.id}`,
          (p) => expect(p.getByRole('button', { name: 'Share…' })).toBeVisible(),
        ],
        // Failing requests: an export and a recording that do not exist (404 from the server).
        [
          `/orgs/${demo.id}/batch-exports/${randomUUID()}`,
          (p) => expect(p.getByRole('heading', { name: 'Not found' })).toBeVisible(),
        ],
        [
          `/projects/${web.id}/recordings/no-such-recording`,
          (p) => expect(p.getByRole('heading', { name: 'Not found' })).toBeVisible(),
        ],
      ]
      for (const [path, loaded] of visits) {
        await page.goto(`${base}${path}`)
        await loaded(page)
        await expectKeyKeptSafe(page, key, { remembered: true })
      }
      await page.goto(`${base}/projects/${web.id}/recordings/${recording.id}`)
      await page.getByRole('button', { name: 'Share…' }).click()
      await page.getByRole('switch', { name: 'Share publicly' }).click()
      await expect(page.getByRole('textbox', { name: 'Public link' })).toBeVisible()
      await expectKeyKeptSafe(page, key, { remembered: true })
      // The public link works without a key; its token (a secret too) is not logged either (see the last step).
      const sharing = `/api/projects/${web.id}/session_recordings/${recording.id}/sharing/`
      token = (await call<SharingConfiguration>(sharing)).access_token!
      await page.goto(`${base}/shared/${token}`)
      await expect(page.getByRole('heading', { name: 'Shared session recording' })).toBeVisible()
    })

    await test.step('another key by link replaces the remembered one; its 403 is shown', async () => {
      await signInByLink(page, `${base}/orgs/${demo.id}/batch-exports`, orgReadOnly)
      await expect(page.getByText('This key lacks scope batch_export:read.')).toBeVisible()
      await expectKeyKeptSafe(page, orgReadOnly, { remembered: true })
      // The remembered key is forgotten: the tab keeps no key it is not using.
      await expectKeyKeptSafe(page, key, { remembered: false })
    })

    await test.step('the key went only to this origin, in the Authorization header only', async () => {
      const sent = await requests()
      for (const r of sent) {
        const wire = new URL(r.url)
        wire.hash = '' // The fragment never leaves the browser.
        const elsewhere = wire.origin !== base
        for (const k of [key, orgReadOnly]) {
          const secret = k.slice('phx_'.length)
          expect(wire.href, 'the key in a request URL').not.toContain(secret)
          expect(r.body, `the key in the body of ${wire.href}`).not.toContain(secret)
          for (const [name, value] of Object.entries(r.headers)) {
            if (name === 'authorization' && !elsewhere) continue
            expect(value, `the key in ${name} to ${wire.href}`).not.toContain(secret)
          }
        }
      }
      // Nothing went anywhere else at all (the CSP would block it; this proves the console does not try),
      // besides the other-origin tab this test opened itself (its requests carried no key: checked above).
      const elsewhere = sent
        .map((r) => r.url)
        .filter((u) => /^https?:/.test(u) && ![base, otherOrigin].includes(new URL(u).origin))
      expect(elsewhere).toEqual([])
      expect(sent.filter((r) => r.headers.authorization === `Bearer ${key}`).length).toBeGreaterThan(10)
      expect(sent.some((r) => r.headers.authorization === `Bearer ${orgReadOnly}`)).toBe(true)
    })

    await test.step('every response carries the security headers; API answers are never cached', async () => {
      // The API tests check these on a few paths without a built console; here: every real asset and
      // every answer the console got, failures included.
      const received = (await responses()).filter((r) => new URL(r.url).origin === base)
      expect(received.some((r) => new URL(r.url).pathname.startsWith('/assets/'))).toBe(true)
      expect(received.some((r) => r.status === 404)).toBe(true)
      expect(received.some((r) => r.status === 403)).toBe(true)
      for (const r of received) {
        const where = `${r.status} ${r.url}`
        const csp = r.headers['content-security-policy']
        expect(csp, where).toContain("frame-ancestors 'none'")
        // The console runs only its own scripts; the public recording page none at all.
        expect(csp, where).toMatch(/script-src 'self'|default-src 'none'/)
        expect(csp, where).not.toContain('unsafe-eval')
        expect(r.headers['x-frame-options'], where).toBe('DENY')
        expect(r.headers['x-content-type-options'], where).toBe('nosniff')
        expect(r.headers['referrer-policy'], where).toBe('no-referrer')
        if (new URL(r.url).pathname.startsWith('/api/')) expect(r.headers['cache-control'], where).toBe('no-store')
      }
    })

    await test.step('the browser console never shows the key', async () => {
      for (const k of [key, orgReadOnly]) expect(consoleLines.join('\n')).not.toContain(k.slice('phx_'.length))
    })

    await test.step('the server log never contains a key it did not print itself', async () => {
      const log = server.output()
      // It did log the requests, the failures included…
      expect(log).toMatch(/^GET \/api\/organizations\/ 200 /m)
      expect(log).toMatch(/^GET \/api\/organizations\/[0-9a-f-]+\/batch_exports\/[0-9a-f-]+\/ 404 /m)
      expect(log).toMatch(/^GET \/api\/organizations\/[0-9a-f-]+\/batch_exports\/ 403 /m)
      expect(log).toMatch(/^GET \/shared\/… 200 /m)
      // …and the only key in it is the demo key of the documented sign-in link.
      expect(log).toContain(`/#key=${demoKey}`)
      for (const k of [key, orgReadOnly]) expect(log).not.toContain(k.slice('phx_'.length))
      expect(log).not.toContain(token)
    })
  })
})

test('a remembered key the server no longer accepts is wiped from the tab', async ({ page }) => {
  // A remembered key is in sessionStorage (auth.spec.ts); once revoked, it must not stay there.
  const key = createKey(['*'], 'security e2e revoked')
  await signInRemembered(page, '/orgs', key)
  await expect(page.getByRole('table', { name: 'Organizations' })).toBeVisible()
  await expectKeyKeptSafe(page, key, { remembered: true })

  revokeKey(key)
  await page.reload()
  await expect(page).toHaveURL(/\/sign-in$/)
  await expect(page.getByRole('alert')).toContainText('You were signed out')
  await expectKeyKeptSafe(page, key, { remembered: false })
})

test('the console runs under its Content-Security-Policy without a single violation', async ({ page }) => {
  // The policy refuses eval and inline scripts. Code of the console's own that tries either (a library
  // probing for \`new Function\`) is refused and reported on every load, with an error in the console.
  const violations = await recordCspViolations(page)
  await signInByLink(page, '/orgs')
  await expect(page.getByRole('table', { name: 'Organizations' })).toBeVisible()
  // By the sidebar: other tests' organizations (listed on this page) may have either word in their names.
  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: 'Recordings' }).click()
  await page.getByRole('table', { name: 'Recordings' }).locator('tbody tr[data-row-id]').first().click()
  await expect(page.getByRole('slider', { name: 'Seek' })).toBeVisible()
  await nav.getByRole('link', { name: 'Batch exports' }).click()
  await page.getByRole('link', { name: 'New export' }).first().click()
  // The form checks what was typed against its schema (nothing: so it says what is missing).
  await page.getByRole('button', { name: 'Create export' }).click()
  await expect(page.getByText('Name is required.')).toBeVisible()
  expect(await violations(page)).toEqual([])
})

test.describe('secrets the API holds', () => {
  let org: Organization
  test.beforeEach(async () => {
    org = await createOrganization({ name: uniqueName('E2E Security') })
  })
  test.afterEach(async () => {
    await deleteOrganization(org.id)
  })

  test('the S3 secret is never in a response or the page, neither the stored one nor a new one', async ({ page }) => {
    const stored = `stored-secret-${randomUUID()}`
    const typed = `typed-secret-${randomUUID()}`
    const created = await api<BatchExport>(`/api/organizations/${org.id}/batch_exports/`, {
      method: 'POST',
      body: {
        name: uniqueName('Secret export'),
        model: 'events',
        interval: 'hour',
        destination: {
          type: 'S3',
          config: {
            bucket_name: 'acme-security-e2e',
            region: 'eu-central-1',
            prefix: 'events/',
            aws_access_key_id: 'AKIASECURITYE2E',
            aws_secret_access_key: stored,
          },
        },
      },
    })
    expect(created.status).toBe(201)
    const exp = created.body
    expect(JSON.stringify(exp)).not.toContain(stored)

    const responses = recordResponses(page)
    const expectNotInPage = async (secret: string) => {
      const t = await pageTraces(page)
      expect(t.html).not.toContain(secret)
      expect(t.values).not.toContain(secret)
      expect([...t.local, ...t.session].join('\n')).not.toContain(secret)
    }

    await signInRemembered(page, `/orgs/${org.id}/batch-exports`)
    await page.getByRole('link', { name: exp.name, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: exp.name, exact: true })).toBeVisible()
    await expectNotInPage(stored)
    await page.getByRole('tab', { name: 'Logs' }).click()
    await expect(page).toHaveURL(/tab=logs/)
    await expectNotInPage(stored)

    await page.getByRole('link', { name: 'Edit' }).click()
    const secretField = page.getByLabel(/^Secret access key/)
    await expect(secretField).toHaveValue('')
    await expectNotInPage(stored)

    // A new secret the user types (and shows to themselves) goes to the server once, and never comes back.
    await secretField.fill(typed)
    await page.getByRole('button', { name: 'Show what you typed' }).click()
    await expect(secretField).toHaveAttribute('type', 'text')
    const patch = page.waitForRequest((r) => r.method() === 'PATCH')
    await page.getByRole('button', { name: 'Save' }).click()
    expect((await patch).postData()).toContain(typed)
    // Saved: back on the detail page (the edit page's heading is "Edit <name>").
    await expect(page).toHaveURL(new RegExp(`/batch-exports/${exp.id}$`))
    await expect(page.getByRole('heading', { level: 1, name: exp.name, exact: true })).toBeVisible()
    await expectNotInPage(typed)
    await page.getByRole('link', { name: 'Edit' }).click()
    await expect(page.getByLabel(/^Secret access key/)).toHaveValue('')
    await expectNotInPage(typed)
    await expectNotInPage(stored)

    const received = await responses()
    expect(received.some((r) => r.url.includes(exp.id) && r.headers['content-type']?.includes('json'))).toBe(true)
    for (const r of received) {
      expect(r.body, `the stored secret in ${r.url}`).not.toContain(stored)
      expect(r.body, `the typed secret in ${r.url}`).not.toContain(typed)
    }
  })

  test('the sharing token reaches the page only when the user reveals it', async ({ page }) => {
    const projectId = org.projects[0]!.id
    const [row] = seedRecordings(projectId, { count: 3 })
    const id = row!.id
    const sharingPath = `/api/projects/${projectId}/session_recordings/${id}/sharing/`
    const getSharing = async () => (await api<SharingConfiguration>(sharingPath)).body

    const responses = recordResponses(page)
    await signInRemembered(page, `/projects/${projectId}/recordings/${id}`)
    await page.getByRole('button', { name: 'Share…' }).click()
    const panel = page.getByRole('dialog', { name: 'Share recording' })
    const toggle = panel.getByRole('switch', { name: 'Share publicly' })
    await expect(toggle).not.toBeChecked()
    // Not shared yet: there is no token, and no answer carried one.
    for (const r of await responses()) expect(r.body).not.toMatch(/"access_token":"/)

    await toggle.click()
    await expect(toggle).toBeChecked()
    await expect.poll(async () => (await getSharing()).enabled).toBe(true)
    const token = (await getSharing()).access_token!
    const tokenBox = panel.getByRole('textbox', { name: 'Access token' })
    await expect(tokenBox).toHaveValue(`${token.slice(0, 4)}…${token.slice(-2)}`)

    const expectTokenShown = async (shown: boolean) => {
      const t = await pageTraces(page)
      expect(t.html.includes(token), 'the token in the DOM').toBe(shown)
      expect(t.values.includes(token), 'the token in a field').toBe(shown)
      expect([...t.local, ...t.session].join('\n')).not.toContain(token)
    }
    await expectTokenShown(false)

    // Loaded again from the start (the console now holds the token from its first request): still masked.
    await page.reload()
    await page.getByRole('button', { name: 'Share…' }).click()
    await expect(tokenBox).toHaveValue(`${token.slice(0, 4)}…${token.slice(-2)}`)
    await expectTokenShown(false)

    await panel.getByRole('button', { name: 'Reveal' }).click()
    await expect(tokenBox).toHaveValue(token)
    await expectTokenShown(true)
    await panel.getByRole('button', { name: 'Hide' }).click()
    await expect(tokenBox).not.toHaveValue(token)
    await expectTokenShown(false)

    // The token travels only in the sharing configuration's own answers (the contract returns it there).
    const withToken = (await responses()).filter((r) => r.body.includes(token))
    expect(withToken.length).toBeGreaterThan(0)
    for (const r of withToken) expect(new URL(r.url).pathname).toBe(sharingPath)
  })
})
