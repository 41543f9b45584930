import { expect, test } from '@playwright/test'
import type { BatchExport, Organization } from '../src/contracts'
import { api, uniqueName } from './support/api'
import { FAULTS, SERVER_ERROR, faultTests, organizationsPerTest, toast, type Mutation } from './support/faults'
import { signInByLink } from './support/session'

// Batch export create, edit, pause, delete and backfill under every fault (see e2e/support/faults.ts).

const { newOrg } = organizationsPerTest()

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

const MUTATIONS: Mutation[] = [
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
]

faultTests(MUTATIONS)

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
