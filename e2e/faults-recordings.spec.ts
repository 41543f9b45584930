import { expect, test, type Route } from '@playwright/test'
import type { SessionRecording, SharingConfiguration } from '../src/contracts'
import { api } from './support/api'
import { SERVER_ERROR, THROTTLED, faultTests, organizationsPerTest, toast, type Mutation } from './support/faults'
import { seedRecordings } from './support/seed-recordings'
import { signInByLink } from './support/session'

// Recording triage, delete, sharing and the AI helpers under every fault (see e2e/support/faults.ts).

const { newOrg } = organizationsPerTest()

async function orgWithRecordings(count: number, overrides?: Parameters<typeof seedRecordings>[1]['overrides']) {
  const org = await newOrg('E2E Faults recordings')
  const projectId = org.projects[0]!.id
  const rows = seedRecordings(projectId, { count, overrides })
  const apiPath = (id = '') => `/api/projects/${projectId}/session_recordings/${id ? `${id}/` : ''}`
  return { org, projectId, rows, apiPath, listPath: `/projects/${projectId}/recordings` }
}

const MUTATIONS: Mutation[] = [
  {
    name: 'recording viewed',
    open: async (page) => {
      const { rows, apiPath, listPath } = await orgWithRecordings(2, { 0: { viewed: 0 } })
      const id = rows[0]!.id
      await signInByLink(page, `${listPath}/${id}`)
      const button = (isViewed: boolean) =>
        page.getByRole('button', { name: isViewed ? 'Mark as unviewed' : 'Mark as viewed' })
      // Opening the recording marked it viewed; the faults hit the toggle from there.
      await expect(button(true)).toBeVisible()
      await expect.poll(async () => (await api<SessionRecording>(apiPath(id))).body.viewed).toBe(true)
      let viewed = true
      return {
        target: { method: 'PATCH', url: `**${apiPath(id)}` },
        submit: () => button(viewed).click(),
        optimistic: () => expect(button(!viewed)).toBeVisible(),
        failure: () => toast(page, `Could not mark the recording ${viewed ? 'not viewed' : 'viewed'}`),
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
      const panel = page.getByRole('dialog', { name: 'Share recording' })
      const toggle = panel.getByRole('switch', { name: 'Share publicly' })
      const stored = async () => (await api<SharingConfiguration>(`${apiPath(id)}sharing/`)).body.enabled
      let enabled = false
      return {
        target: { method: 'PATCH', url: `**${apiPath(id)}sharing/` },
        submit: () => toggle.click(),
        // Said in the panel, next to the switch.
        failure: () =>
          panel.getByRole('alert').filter({ hasText: `Could not turn public sharing ${enabled ? 'off' : 'on'}` }),
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
        failure: () => panel.getByRole('alert').filter({ hasText: 'Could not rotate the link' }),
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

faultTests(MUTATIONS)

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
