import { expect } from '@playwright/test'
import type { Organization } from '../src/contracts'
import { api, getOrganization, uniqueName } from './support/api'
import { FAULTS, faultTests, organizationsPerTest, type Mutation } from './support/faults'
import { signInByLink } from './support/session'

// Organization settings, create and delete under every fault (see e2e/support/faults.ts).

const { newOrg, track } = organizationsPerTest()

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
          track(created!.id)
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
]

faultTests(MUTATIONS)
