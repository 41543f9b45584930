import { expect, test, type BrowserContext, type Locator, type Page, type Route } from '@playwright/test'
import type { BatchExport, Organization, SessionRecording, SharingConfiguration } from '../src/contracts'
import { api, createOrganization, deleteOrganization, getOrganization, uniqueName } from './support/api'
import { seedRecordings } from './support/seed-recordings'
import { signInByLink } from './support/session'

// Every mutation of the console against the real server, with one request of it failing in each way
// a network can fail. The user must be told, keep what they typed, see optimistic changes undone,
// and succeed by trying again once the fault is gone (checked through the API).

test.use({ timezoneId: 'UTC' })
// Each test works in organizations of its own, so they can share the workers.
test.describe.configure({ mode: 'parallel' })

const SERVER_ERROR = { type: 'server_error', code: 'error', detail: 'A server error occurred.', attr: null }
const THROTTLED = {
  type: 'throttled_error',
  code: 'throttled',
  detail: 'Request was throttled. Expected available in 1 second.',
  attr: null,
}

/** The requests a mutation sends: the ones a fault hits (others pass). */
type Target = { method: 'POST' | 'PATCH' | 'DELETE'; url: string }
type Injected = {
  /** Lets the held request go on to fail (or, for a 429, the retry through to the server). */
  release: () => void
  lift: () => Promise<void>
}
type Fault = {
  name: string
  /** What the user reads. */
  message: string
  /** The request is held until released, so the optimistic state can be seen before the failure. */
  holds: boolean
  /** The console gets over it by itself (a 429 is retried after Retry-After). */
  heals?: boolean
  inject: (page: Page, context: BrowserContext, target: Target) => Promise<Injected>
}

function gate() {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  return { release, released }
}

/** Answers the target's requests with `answer` once released; other requests go on to the server. */
async function intercept(page: Page, target: Target, answer: (route: Route) => Promise<void>): Promise<Injected> {
  const { release, released } = gate()
  await page.route(target.url, async (route) => {
    if (route.request().method() !== target.method) return route.fallback()
    await released
    return answer(route)
  })
  return { release, lift: () => page.unroute(target.url) }
}

const FAULTS: Fault[] = [
  {
    name: '500',
    message: 'A server error occurred.',
    holds: true,
    inject: (page, _context, target) =>
      intercept(page, target, (route) => route.fulfill({ status: 500, json: SERVER_ERROR })),
  },
  {
    name: '429 with Retry-After',
    message: 'Too many requests — retrying in 1 s…',
    holds: false,
    heals: true,
    inject: async (page, _context, target) => {
      // The first attempt is throttled; the retry waits for the release, then reaches the server.
      const { release, released } = gate()
      let sent = 0
      await page.route(target.url, async (route) => {
        if (route.request().method() !== target.method) return route.fallback()
        if (sent++ === 0) return route.fulfill({ status: 429, headers: { 'Retry-After': '1' }, json: THROTTLED })
        await released
        return route.fallback()
      })
      return { release, lift: () => page.unroute(target.url) }
    },
  },
  {
    // To the page an aborted "timed out" request is one that found no server; the console's own
    // 30-second timeout ("The server took too long to answer") is proven in src/api/request.test.ts.
    name: 'timeout',
    message: 'Could not reach the server. Check your connection and try again.',
    holds: true,
    inject: (page, _context, target) => intercept(page, target, (route) => route.abort('timedout')),
  },
  {
    name: 'offline',
    message: 'You are offline. Check your connection and try again.',
    holds: false,
    inject: async (_page, context) => {
      await context.setOffline(true)
      return { release: () => {}, lift: () => context.setOffline(false) }
    },
  },
]

/**
 * One mutation as the user does it, on a page already open. `prepare` enters what the user types
 * (before the fault, as when a connection drops while filling a form); `attempt` is the step number,
 * for values no other step uses.
 */
type Flow = {
  target: Target
  prepare?: (attempt: number) => Promise<void>
  submit: () => Promise<void>
  /** Where the failure is explained. */
  failure: () => Locator
  /** The change shows before the server answers. */
  optimistic?: () => Promise<void>
  /** After the failure: typed values still there, optimistic change undone, nothing stored. */
  failed: () => Promise<void>
  /** Trying again once the fault is gone (default: `submit`). */
  retry?: () => Promise<void>
  /** The UI and the API show the change. */
  succeeded: () => Promise<void>
}
type Mutation = { name: string; open: (page: Page) => Promise<Flow> }

// Everything a test creates lives in organizations it made; they are deleted after it.
let orgs: string[] = []
async function newOrg(prefix = 'E2E Faults') {
  const org = await createOrganization({ name: uniqueName(prefix) })
  orgs.push(org.id)
  return org
}
test.afterEach(async () => {
  await Promise.all(orgs.map(deleteOrganization))
  orgs = []
})

const toast = (page: Page, text: string) =>
  page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: text })
const SECRET = 'wJalrXUtnFEMI-faults-secret-K7MDENG'
const exportsPath = (org: Organization) => `/api/organizations/${org.id}/batch_exports/`
const exportPage = (org: Organization, id: string) => `/orgs/${org.id}/batch-exports/${id}`
const getExport = (org: Organization, id: string) => api<BatchExport>(`${exportsPath(org)}${id}/`)

async function createExport(org: Organization) {
  const { status, body } = await api<BatchExport>(exportsPath(org), {
    method: 'POST',
    body: {
      name: uniqueName('Faulty export'),
      model: 'events',
      interval: 'hour',
      destination: {
        type: 'S3',
        config: {
          bucket_name: 'acme-faults',
          region: 'eu-central-1',
          prefix: 'events/',
          aws_access_key_id: 'AKIAE2E',
          aws_secret_access_key: SECRET,
        },
      },
    },
  })
  expect(status, JSON.stringify(body)).toBe(201)
  return body
}

async function orgWithRecordings(count: number, overrides?: Parameters<typeof seedRecordings>[1]['overrides']) {
  const org = await newOrg('E2E Faults recordings')
  const projectId = org.projects[0]!.id
  const rows = seedRecordings(projectId, { count, overrides })
  const apiPath = (id = '') => `/api/projects/${projectId}/session_recordings/${id ? `${id}/` : ''}`
  return { org, projectId, rows, apiPath, listPath: `/projects/${projectId}/recordings` }
}

const MUTATIONS: Mutation[] = [
  {
    name: 'organization settings',
    open: async (page) => {
      const org = await newOrg()
      await signInByLink(page, `/orgs/${org.id}`)
      const nameField = page.getByRole('textbox', { name: /^Name/ })
      const twoFactor = page.getByRole('switch', { name: 'Enforce two-factor authentication' })
      const stored = async () => {
        const { name, enforce_2fa } = (await getOrganization(org.id)).body
        return { name, enforce_2fa: Boolean(enforce_2fa) }
      }
      let saved = { name: org.name, enforce_2fa: Boolean(org.enforce_2fa) }
      let typed = saved
      return {
        target: { method: 'PATCH', url: `**/api/organizations/${org.id}/` },
        prepare: async (attempt) => {
          typed = { name: `${org.name.slice(0, 50)} v${attempt}`, enforce_2fa: !saved.enforce_2fa }
          await nameField.fill(typed.name)
          await twoFactor.click()
        },
        submit: () => page.getByRole('button', { name: 'Save' }).click(),
        failure: () => page.getByRole('alert').filter({ hasText: 'Could not save the settings' }),
        failed: async () => {
          await expect(nameField).toHaveValue(typed.name)
          await expect(twoFactor).toBeChecked({ checked: typed.enforce_2fa })
          await expect(page.getByText('Unsaved changes')).toBeVisible()
          expect(await stored()).toEqual(saved)
        },
        succeeded: async () => {
          await expect(page.getByRole('heading', { level: 1, name: typed.name })).toBeVisible()
          await expect(page.getByText('All changes saved')).toBeVisible()
          await expect.poll(stored).toEqual(typed)
          saved = typed
        },
      }
    },
  },
  {
    name: 'organization create',
    open: async (page) => {
      await signInByLink(page, '/orgs/new')
      const nameField = page.getByRole('textbox', { name: /^Name/ })
      const twoFactor = page.getByRole('switch', { name: 'Enforce two-factor authentication' })
      let name = ''
      const listed = async () =>
        (await api<{ results: Organization[] }>('/api/organizations/?limit=1000')).body.results.filter(
          (o) => o.name === name,
        )
      return {
        target: { method: 'POST', url: '**/api/organizations/' },
        prepare: async () => {
          if (!page.url().endsWith('/orgs/new')) {
            await page.getByRole('link', { name: 'Organizations' }).first().click()
            await page.getByRole('link', { name: 'New organization' }).click()
          }
          name = uniqueName('Faulty create')
          await nameField.fill(name)
          await twoFactor.click()
        },
        submit: () => page.getByRole('button', { name: 'Create organization' }).click(),
        failure: () => page.getByRole('alert').filter({ hasText: 'Could not create the organization' }),
        failed: async () => {
          await expect(nameField).toHaveValue(name)
          await expect(twoFactor).toBeChecked()
          expect(await listed()).toEqual([])
        },
        succeeded: async () => {
          await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
          const [created] = await listed()
          expect(created).toMatchObject({ name, enforce_2fa: true })
          orgs.push(created!.id)
        },
      }
    },
  },
  {
    name: 'organization delete',
    open: async (page) => {
      const doomedOrgs = await Promise.all(FAULTS.map(() => newOrg('Doomed org')))
      await signInByLink(page, '/orgs')
      let doomed: Organization
      const dialog = () => page.getByRole('alertdialog', { name: `Delete ${doomed.name}?` })
      return {
        target: { method: 'DELETE', url: '**/api/organizations/*/' },
        prepare: async (attempt) => {
          doomed = doomedOrgs[attempt]!
          await page.getByRole('combobox', { name: 'Organization' }).selectOption({ label: doomed.name })
          await page.getByRole('button', { name: 'Delete organization' }).click()
          await dialog().getByRole('textbox').fill(doomed.name)
        },
        submit: () => dialog().getByRole('button', { name: 'Delete organization' }).click(),
        failure: () => dialog().getByRole('alert'),
        failed: async () => {
          await expect(dialog().getByRole('textbox')).toHaveValue(doomed.name)
          expect((await getOrganization(doomed.id)).status).toBe(200)
        },
        succeeded: async () => {
          await expect(page).toHaveURL(/\/orgs$/)
          expect((await getOrganization(doomed.id)).status).toBe(404)
        },
      }
    },
  },
  {
    name: 'batch export create',
    open: async (page) => {
      const org = await newOrg()
      await signInByLink(page, `/orgs/${org.id}/batch-exports/new`)
      const field = (name: RegExp) => page.getByRole('textbox', { name })
      const secret = page.getByLabel(/^Secret access key/)
      let name = ''
      const stored = async () =>
        (await api<{ results: BatchExport[] }>(exportsPath(org))).body.results.filter((e) => e.name === name)
      return {
        target: { method: 'POST', url: `**${exportsPath(org)}` },
        prepare: async () => {
          if (!page.url().endsWith('/new')) {
            await page.getByRole('link', { name: 'Batch exports' }).first().click()
            await page.getByRole('link', { name: 'New export' }).first().click()
          }
          name = uniqueName('Faulty new export')
          await field(/^Name/).fill(name)
          await field(/^Bucket/).fill('acme-faults')
          await field(/^Key prefix/).fill('faults/')
          await field(/^Access key ID/).fill('AKIAE2EFAULTS')
          await secret.fill(SECRET)
        },
        submit: () => page.getByRole('button', { name: 'Create export' }).click(),
        failure: () => page.getByRole('alert').filter({ hasText: 'Could not create the export' }),
        failed: async () => {
          await expect(field(/^Name/)).toHaveValue(name)
          await expect(field(/^Bucket/)).toHaveValue('acme-faults')
          await expect(field(/^Key prefix/)).toHaveValue('faults/')
          await expect(secret).toHaveValue(SECRET)
          expect(await stored()).toEqual([])
        },
        succeeded: async () => {
          await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
          const [created] = await stored()
          expect(created!.destination.config).toMatchObject({ bucket_name: 'acme-faults', prefix: 'faults/' })
        },
      }
    },
  },
  {
    name: 'batch export edit',
    open: async (page) => {
      const org = await newOrg()
      const exp = await createExport(org)
      await signInByLink(page, `${exportPage(org, exp.id)}/edit`)
      const prefix = page.getByRole('textbox', { name: /^Key prefix/ })
      const storedPrefix = async () => (await getExport(org, exp.id)).body.destination.config.prefix as string
      let saved = await storedPrefix()
      let typed = saved
      return {
        target: { method: 'PATCH', url: `**${exportsPath(org)}${exp.id}/` },
        prepare: async (attempt) => {
          if (!page.url().endsWith('/edit')) await page.getByRole('link', { name: 'Edit' }).click()
          typed = `faults/v${attempt}/`
          await prefix.fill(typed)
        },
        submit: () => page.getByRole('button', { name: 'Save' }).click(),
        failure: () => page.getByRole('alert').filter({ hasText: 'Could not save the export' }),
        failed: async () => {
          await expect(prefix).toHaveValue(typed)
          expect(await storedPrefix()).toBe(saved)
        },
        succeeded: async () => {
          await expect(page.getByText(`s3://acme-faults/${typed}`)).toBeVisible()
          expect(await storedPrefix()).toBe(typed)
          saved = typed
        },
      }
    },
  },
  {
    name: 'batch export pause switch',
    open: async (page) => {
      const org = await newOrg()
      const exp = await createExport(org)
      await signInByLink(page, exportPage(org, exp.id))
      const active = page.getByRole('switch', { name: 'Active' })
      let paused = false
      return {
        target: { method: 'PATCH', url: `**${exportsPath(org)}${exp.id}/` },
        submit: () => active.click(),
        optimistic: () => expect(active).toBeChecked({ checked: paused }),
        failure: () => toast(page, `Could not ${paused ? 'resume' : 'pause'} “${exp.name}”`),
        failed: async () => {
          await expect(active).toBeChecked({ checked: !paused })
          expect((await getExport(org, exp.id)).body.paused).toBe(paused)
        },
        succeeded: async () => {
          await expect(active).toBeChecked({ checked: paused })
          await expect.poll(async () => (await getExport(org, exp.id)).body.paused).toBe(!paused)
          paused = !paused
        },
      }
    },
  },
  {
    name: 'batch export delete',
    open: async (page) => {
      const org = await newOrg()
      const exports = await Promise.all(FAULTS.map(() => createExport(org)))
      await signInByLink(page, `/orgs/${org.id}/batch-exports`)
      const confirm = page.getByRole('alertdialog')
      let exp: BatchExport
      return {
        target: { method: 'DELETE', url: `**${exportsPath(org)}*/` },
        prepare: async (attempt) => {
          exp = exports[attempt]!
          await page.getByRole('link', { name: exp.name, exact: true }).click()
          await page.getByRole('button', { name: 'Delete export' }).click()
        },
        submit: () => confirm.getByRole('button', { name: 'Delete export' }).click(),
        failure: () => confirm.getByRole('alert'),
        failed: async () => {
          await expect(confirm).toContainText('This cannot be undone')
          expect((await getExport(org, exp.id)).status).toBe(200)
        },
        succeeded: async () => {
          await expect(page).toHaveURL(new RegExp(`/orgs/${org.id}/batch-exports$`))
          await expect(page.getByRole('link', { name: exp.name, exact: true })).toBeHidden()
          expect((await getExport(org, exp.id)).status).toBe(404)
        },
      }
    },
  },
  {
    name: 'backfill',
    open: async (page) => {
      const org = await newOrg()
      const exp = await createExport(org)
      await signInByLink(page, exportPage(org, exp.id))
      const dialog = page.getByRole('dialog')
      const start = dialog.getByLabel(/^Start \(UTC\)/)
      const end = dialog.getByLabel(/^End \(UTC\)/)
      const hour = 3_600_000
      const top = Math.floor(Date.now() / hour) * hour
      const local = (ms: number) => new Date(ms).toISOString().slice(0, 16)
      let range = { start: '', end: '' }
      let runs = 0
      const storedRuns = async () => (await getExport(org, exp.id)).body.latest_runs.length
      return {
        target: { method: 'POST', url: `**${exportsPath(org)}${exp.id}/backfill/` },
        prepare: async (attempt) => {
          if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Backfill' }).click()
          await dialog.getByRole('combobox', { name: 'Time zone' }).selectOption('UTC')
          range = { start: local(top - (2 * attempt + 2) * hour), end: local(top - 2 * attempt * hour) }
          await start.fill(range.start)
          await end.fill(range.end)
        },
        submit: () => dialog.getByRole('button', { name: 'Create 2 runs' }).click(),
        failure: () => dialog.getByRole('alert').filter({ hasText: 'Could not start the backfill' }),
        failed: async () => {
          await expect(start).toHaveValue(range.start)
          await expect(end).toHaveValue(range.end)
          expect(await storedRuns()).toBe(runs)
        },
        succeeded: async () => {
          await expect(dialog).toBeHidden()
          runs += 2
          expect(await storedRuns()).toBe(runs)
        },
      }
    },
  },
  {
    name: 'recording viewed',
    open: async (page) => {
      const { rows, apiPath, listPath } = await orgWithRecordings(2, { 0: { viewed: 0 } })
      const id = rows[0]!.id
      await signInByLink(page, `${listPath}/${id}`)
      let viewed = false
      const button = (isViewed: boolean) =>
        page.getByRole('button', { name: isViewed ? 'Mark as unviewed' : 'Mark as viewed' })
      return {
        target: { method: 'PATCH', url: `**${apiPath(id)}` },
        submit: () => button(viewed).click(),
        optimistic: () => expect(button(!viewed)).toBeVisible(),
        failure: () => toast(page, 'Could not save the change'),
        failed: async () => {
          await expect(button(viewed)).toBeVisible()
          expect((await api<SessionRecording>(apiPath(id))).body.viewed).toBe(viewed)
        },
        succeeded: async () => {
          await expect(button(!viewed)).toBeVisible()
          await expect.poll(async () => (await api<SessionRecording>(apiPath(id))).body.viewed).toBe(!viewed)
          viewed = !viewed
        },
      }
    },
  },
  {
    name: 'recording delete',
    open: async (page) => {
      const { rows, apiPath, listPath } = await orgWithRecordings(6)
      await signInByLink(page, listPath)
      let id = ''
      const row = () =>
        page
          .getByRole('row')
          .filter({ has: page.getByRole('checkbox', { name: `Select recording ${id}`, exact: true }) })
      const dialog = page.getByRole('alertdialog', { name: 'Delete this recording?' })
      const ask = async () => {
        await page.getByRole('button', { name: `Actions for recording ${id}` }).click()
        await page.getByRole('menuitem', { name: 'Delete…' }).click()
        await expect(dialog).toContainText('1 recording, not shared publicly')
      }
      const confirm = () => dialog.getByRole('button', { name: 'Delete recording' }).click()
      return {
        target: { method: 'DELETE', url: `**${apiPath()}*/` },
        prepare: async (attempt) => {
          id = rows[attempt]!.id
          await ask()
        },
        submit: confirm,
        optimistic: () => expect(row()).toHaveCount(0),
        failure: () => toast(page, `Could not delete recording ${id}`),
        failed: async () => {
          await expect(row()).toBeVisible()
          expect((await api(apiPath(id))).status).toBe(200)
        },
        retry: async () => {
          await ask()
          await confirm()
        },
        succeeded: async () => {
          await expect(row()).toHaveCount(0)
          await expect.poll(async () => (await api(apiPath(id))).status).toBe(404)
        },
      }
    },
  },
  {
    name: 'recording sharing switch',
    open: async (page) => {
      const { rows, apiPath, listPath } = await orgWithRecordings(1)
      const id = rows[0]!.id
      await signInByLink(page, `${listPath}/${id}`)
      await page.getByRole('button', { name: 'Share…' }).click()
      const toggle = page
        .getByRole('dialog', { name: 'Share recording' })
        .getByRole('switch', { name: 'Share publicly' })
      const stored = async () => (await api<SharingConfiguration>(`${apiPath(id)}sharing/`)).body.enabled
      let enabled = false
      return {
        target: { method: 'PATCH', url: `**${apiPath(id)}sharing/` },
        submit: () => toggle.click(),
        failure: () => toast(page, `Could not turn public sharing ${enabled ? 'off' : 'on'}`),
        failed: async () => {
          await expect(toggle).toBeChecked({ checked: enabled })
          expect(await stored()).toBe(enabled)
        },
        succeeded: async () => {
          await expect(toggle).toBeChecked({ checked: !enabled })
          expect(await stored()).toBe(!enabled)
          enabled = !enabled
        },
      }
    },
  },
  {
    name: 'recording sharing link rotation',
    open: async (page) => {
      const { rows, apiPath, listPath } = await orgWithRecordings(1)
      const id = rows[0]!.id
      const sharing = `${apiPath(id)}sharing/`
      const enabled = await api<SharingConfiguration>(sharing, { method: 'PATCH', body: { enabled: true } })
      const token = async () => (await api<SharingConfiguration>(sharing)).body.access_token
      let current = enabled.body.access_token!
      await signInByLink(page, `${listPath}/${id}`)
      await page.getByRole('button', { name: 'Share…' }).click()
      const panel = page.getByRole('dialog', { name: 'Share recording' })
      const masked = (t: string) => `${t.slice(0, 4)}…${t.slice(-2)}`
      return {
        target: { method: 'POST', url: `**${sharing}refresh/` },
        prepare: async () => {
          if (!(await panel.getByRole('button', { name: 'Rotate link', exact: true }).isVisible()))
            await panel.getByRole('button', { name: 'Rotate link…' }).click()
        },
        submit: () => panel.getByRole('button', { name: 'Rotate link', exact: true }).click(),
        failure: () => toast(page, 'Could not rotate the link (the current one still works)'),
        failed: async () => {
          await expect(panel.getByRole('textbox', { name: 'Access token' })).toHaveValue(masked(current))
          expect(await token()).toBe(current)
        },
        succeeded: async () => {
          await expect(panel.getByRole('textbox', { name: 'Access token' })).not.toHaveValue(masked(current))
          const rotated = (await token())!
          expect(rotated).not.toBe(current)
          await expect(panel.getByRole('textbox', { name: 'Access token' })).toHaveValue(masked(rotated))
          current = rotated
        },
      }
    },
  },
  {
    name: 'AI filters helper',
    open: async (page) => {
      const { org, listPath } = await orgWithRecordings(3)
      await signInByLink(page, listPath)
      await page.getByRole('button', { name: /AI helpers/ }).click()
      const describe = page.getByRole('textbox', { name: 'Describe the recordings you want' })
      const text = 'unviewed recordings with console errors'
      return {
        target: { method: 'POST', url: `**/api/projects/${org.projects[0]!.id}/session_recordings/ai/filters/` },
        prepare: () => describe.fill(text),
        submit: () => page.getByRole('button', { name: 'Suggest filters' }).click(),
        failure: () => page.getByRole('alert').filter({ hasText: 'The filters helper failed' }),
        failed: () => expect(describe).toHaveValue(text),
        succeeded: () =>
          expect(page.getByRole('status').filter({ hasText: 'Unviewed only' })).toContainText('With errors'),
      }
    },
  },
  {
    name: 'AI regex helper',
    open: async (page) => {
      const { org, listPath } = await orgWithRecordings(3)
      await signInByLink(page, listPath)
      await page.getByRole('button', { name: /AI helpers/ }).click()
      const describe = page.getByRole('textbox', { name: 'Describe the start URLs to match' })
      const text = 'pricing or signup pages'
      return {
        target: { method: 'POST', url: `**/api/projects/${org.projects[0]!.id}/session_recordings/ai/regex/` },
        prepare: () => describe.fill(text),
        submit: () => page.getByRole('button', { name: 'Generate pattern' }).click(),
        failure: () => page.getByRole('alert').filter({ hasText: 'The regex helper failed' }),
        failed: () => expect(describe).toHaveValue(text),
        succeeded: () => expect(page.getByRole('textbox', { name: 'Pattern' })).toHaveValue(/pricing/),
      }
    },
  },
]

for (const mutation of MUTATIONS) {
  test(`${mutation.name}: every fault is explained, keeps the input, and a retry succeeds`, async ({
    page,
    context,
  }) => {
    const flow = await mutation.open(page)
    for (const [attempt, fault] of FAULTS.entries()) {
      await test.step(fault.name, async () => {
        await flow.prepare?.(attempt)
        const injected = await fault.inject(page, context, flow.target)
        await flow.submit()
        if (fault.heals) {
          // Told why nothing happens yet; the change stays shown while the console waits and retries.
          const notice = toast(page, fault.message)
          await expect(notice).toBeVisible()
          await flow.optimistic?.()
          injected.release()
          await flow.succeeded()
          await expect(notice).toBeHidden()
          await injected.lift()
          return
        }
        if (fault.holds) await flow.optimistic?.()
        injected.release()
        await expect(flow.failure().filter({ hasText: fault.message })).toBeVisible()
        await flow.failed()
        await injected.lift()
        await (flow.retry ?? flow.submit)()
        await flow.succeeded()
      })
    }
  })
}

test('a bulk delete hit by every fault waits out the 429, says which failed and why, and retries those', async ({
  page,
}) => {
  const { rows, apiPath, listPath } = await orgWithRecordings(6)
  const [fine, throttled, ...failing] = rows.slice(0, 5).map((r) => r.id)
  // The deletes go out together after the undo window: one recording per fault.
  let throttledOnce = false
  await page.route(`**${apiPath(throttled)}`, (route) => {
    if (route.request().method() !== 'DELETE' || throttledOnce) return route.fallback()
    throttledOnce = true
    return route.fulfill({ status: 429, headers: { 'Retry-After': '1' }, json: THROTTLED })
  })
  const faults: [(route: Route) => Promise<void>, string][] = [
    [(route) => route.fulfill({ status: 500, json: SERVER_ERROR }), SERVER_ERROR.detail],
    [(route) => route.abort('timedout'), 'Could not reach the server.'],
    [(route) => route.abort('internetdisconnected'), 'Could not reach the server.'],
  ]
  for (const [i, [answer]] of faults.entries()) {
    await page.route(`**${apiPath(failing[i])}`, (route) =>
      route.request().method() === 'DELETE' ? answer(route) : route.fallback(),
    )
  }
  await signInByLink(page, listPath)
  for (const id of [fine!, throttled!, ...failing])
    await page.getByRole('checkbox', { name: `Select recording ${id}`, exact: true }).check()
  await page.getByRole('button', { name: 'Delete selected…' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete 5 recordings' }).click()

  const summary = page.getByRole('alert').filter({ hasText: 'Deleted 2 of 5 recordings; 3 failed.' })
  await expect(summary).toBeVisible({ timeout: 15_000 })
  for (const [i, [, message]] of faults.entries()) await expect(summary).toContainText(`${failing[i]}: ${message}`)
  expect(throttledOnce).toBe(true)
  for (const id of [fine, throttled]) expect((await api(apiPath(id))).status).toBe(404)
  for (const id of failing) expect((await api(apiPath(id))).status).toBe(200)
  for (const id of failing) await expect(page.getByRole('checkbox', { name: `Select recording ${id}` })).toBeVisible()

  await page.unrouteAll()
  await summary.getByRole('button', { name: 'Retry 3 failed deletes' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Deleted 3 recordings.' }).first()).toBeVisible()
  for (const id of failing) await expect.poll(async () => (await api(apiPath(id))).status).toBe(404)
  await expect(page.getByText('1–1 of 1')).toBeVisible()
})

test('a list that fails to load shows what happened, and Retry loads it', async ({ page }) => {
  const org = await newOrg()
  const exp = await createExport(org)
  const list = (url: URL) => url.pathname === exportsPath(org)
  let attempts = 0
  await page.route(list, (route) => {
    attempts++
    return route.fulfill({ status: 500, json: SERVER_ERROR })
  })
  await signInByLink(page, `/orgs/${org.id}/batch-exports`)
  const error = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'The server had a problem' }) })
  // Shown once the console has retried three times, backing off 1, 2 and 4 seconds.
  await expect(error).toContainText(SERVER_ERROR.detail, { timeout: 15_000 })
  expect(attempts).toBe(4)

  await page.unroute(list)
  await error.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByRole('link', { name: exp.name, exact: true })).toBeVisible()
  await expect(error).toBeHidden()
})
