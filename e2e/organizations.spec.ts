import { expect, test, type Page } from '@playwright/test'
import type { Organization } from '../src/contracts'
import { createKey, createOrganization, deleteOrganization, getOrganization, uniqueName } from './support/api'
import { signInByLink, signInRemembered } from './support/session'

let org: Organization

test.beforeEach(async () => {
  org = await createOrganization({ name: uniqueName('E2E Org') })
})
test.afterEach(async () => {
  await deleteOrganization(org.id)
})

const nameField = (page: Page) => page.getByRole('textbox', { name: /^Name/ })
const save = (page: Page) => page.getByRole('button', { name: 'Save' })

test('creates an organization and opens it', async ({ page }) => {
  const name = uniqueName('Created in UI')
  await signInByLink(page, '/orgs')
  await page.getByRole('link', { name: 'New organization' }).click()
  await expect(page).toHaveTitle(/New organization/)
  await page.getByRole('button', { name: 'Create organization' }).click()
  await expect(page.getByText('Name is required.')).toBeVisible()
  await nameField(page).fill(name)
  await page.getByRole('switch', { name: 'Enforce two-factor authentication' }).click()
  await page.getByRole('button', { name: 'Create organization' }).click()

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  const id = page.url().split('/orgs/')[1]!
  const created = await getOrganization(id)
  expect(created.body).toMatchObject({ name, enforce_2fa: true, membership_level: 15 })
  // It is in the switcher at once.
  await expect(page.getByRole('combobox', { name: 'Organization' })).toContainText(name)
  await deleteOrganization(id)
})

test('rename, logo and toggles are saved and still there after a reload', async ({ page }) => {
  const renamed = uniqueName('Renamed')
  const logo = '3f2b7c1e-8a4d-4e6f-9b1a-2c3d4e5f6a7b'
  await signInRemembered(page, `/orgs/${org.id}`)
  await expect(save(page)).toBeDisabled()

  await nameField(page).fill(renamed)
  await page.getByRole('textbox', { name: 'Logo media ID' }).fill(logo)
  await page.getByRole('switch', { name: 'Email all members when someone joins' }).click()
  await page.getByRole('switch', { name: 'Enforce two-factor authentication' }).click()
  await page.getByRole('switch', { name: 'Approve AI data processing' }).click()
  await expect(page.getByText('Unsaved changes')).toBeVisible()
  await save(page).click()
  // Said where the user saved: the save bar.
  await expect(page.getByText('All changes saved')).toBeVisible()
  await expect(save(page)).toBeDisabled()
  await expect(page).toHaveTitle(new RegExp(renamed))

  await page.reload()
  await expect(nameField(page)).toHaveValue(renamed)
  await expect(page.getByRole('textbox', { name: 'Logo media ID' })).toHaveValue(logo)
  await expect(page.getByRole('switch', { name: 'Email all members when someone joins' })).not.toBeChecked()
  await expect(page.getByRole('switch', { name: 'Enforce two-factor authentication' })).toBeChecked()
  await expect(page.getByRole('switch', { name: 'Approve AI data processing' })).toBeChecked()
  const stored = await getOrganization(org.id)
  expect(stored.body).toMatchObject({ name: renamed, logo_media_id: logo, enforce_2fa: true })
})

test('a bad value is shown on its field, from the contract and from the server', async ({ page }) => {
  await signInByLink(page, `/orgs/${org.id}`)
  await page.getByRole('textbox', { name: 'Logo media ID' }).fill('not-a-uuid')
  await save(page).click()
  await expect(page.getByText('Must be a media UUID.')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Logo media ID' })).toHaveAttribute('aria-invalid', 'true')

  await page.getByRole('textbox', { name: 'Logo media ID' }).fill('')
  await page.route('**/api/organizations/*/', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 400,
          json: { type: 'validation_error', code: 'unique', detail: 'This name is already taken.', attr: 'name' },
        })
      : route.fallback(),
  )
  await nameField(page).fill('Taken name')
  await save(page).click()
  await expect(page.getByText('This name is already taken.')).toBeVisible()
  await expect(nameField(page)).toHaveAttribute('aria-invalid', 'true')
  await expect(nameField(page)).toHaveValue('Taken name')
})

test('a save failing with a 500 keeps the typed values and shows the error', async ({ page }) => {
  await signInByLink(page, `/orgs/${org.id}`)
  await page.route('**/api/organizations/*/', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 500,
          json: { type: 'server_error', code: 'error', detail: 'A server error occurred.', attr: null },
        })
      : route.fallback(),
  )
  await nameField(page).fill('Will not be saved')
  await page.getByRole('switch', { name: 'Enforce two-factor authentication' }).click()
  await save(page).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Could not save the settings' })).toContainText(
    'A server error occurred.',
  )
  await expect(nameField(page)).toHaveValue('Will not be saved')
  await expect(page.getByRole('switch', { name: 'Enforce two-factor authentication' })).toBeChecked()
  await expect(save(page)).toBeEnabled()
  expect((await getOrganization(org.id)).body.name).toBe(org.name)
})

test('a read-only key sees disabled controls with the reason', async ({ page }) => {
  const key = createKey(['organization:read'], 'read-only e2e')
  await signInByLink(page, `/orgs/${org.id}`, key)
  await expect(page.getByRole('heading', { level: 1, name: org.name })).toBeVisible()
  await expect(nameField(page)).toBeDisabled()
  await expect(page.getByRole('switch', { name: 'Enforce two-factor authentication' })).toBeDisabled()
  await expect(save(page)).toBeDisabled()
  await expect(page.getByRole('note').filter({ hasText: 'Read only' })).toContainText('Needs scope organization:write')
  await expect(page.getByRole('button', { name: 'Delete organization' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Delete organization' })).toHaveAttribute(
    'title',
    'Needs scope organization:write',
  )
  await page.getByRole('link', { name: 'Organizations' }).first().click()
  await expect(page.getByRole('button', { name: 'New organization' })).toBeDisabled()
  // The project switcher needs project:read, and says so.
  await expect(page.getByRole('combobox', { name: 'Project' })).toBeDisabled()
})

test('a member (not admin) cannot edit or delete, and is told why', async ({ page }) => {
  await signInByLink(page, '/orgs')
  await page.getByRole('link', { name: 'Partner Agency' }).click()
  await expect(page.getByRole('note').filter({ hasText: 'Read only' })).toContainText('Needs admin membership')
  await expect(nameField(page)).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Delete organization' })).toBeDisabled()
})

test('leaving with unsaved changes asks first', async ({ page }) => {
  await signInByLink(page, `/orgs/${org.id}`)
  await nameField(page).fill('Half-typed')
  await page.getByRole('link', { name: 'Organizations' }).first().click()
  const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Keep editing' }).click()
  await expect(nameField(page)).toHaveValue('Half-typed')
  await page.getByRole('link', { name: 'Organizations' }).first().click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard changes' }).click()
  await expect(page).toHaveURL(/\/orgs$/)
})

test('delete needs the exact name, then the organization is gone everywhere', async ({ page }) => {
  await signInRemembered(page, `/orgs/${org.id}`)
  await page.getByRole('button', { name: 'Delete organization' }).click()
  const dialog = page.getByRole('alertdialog', { name: `Delete ${org.name}?` })
  const confirm = dialog.getByRole('button', { name: 'Delete organization' })
  await expect(confirm).toBeDisabled()
  await dialog.getByRole('textbox').fill(org.name.toLowerCase())
  await expect(confirm).toBeDisabled()
  await dialog.getByRole('textbox').fill(`${org.name} `)
  await expect(confirm).toBeDisabled()
  await dialog.getByRole('textbox').fill(org.name)
  await expect(confirm).toBeEnabled()
  await confirm.click()

  await expect(page).toHaveURL(/\/orgs$/)
  await expect(page.getByText(`Deleted ${org.name}`)).toBeVisible()
  await expect(page.getByRole('table', { name: 'Organizations' })).not.toContainText(org.name)
  await expect(page.getByRole('combobox', { name: 'Organization' })).not.toContainText(org.name)
  expect((await getOrganization(org.id)).status).toBe(404)
  await page.goto(`/orgs/${org.id}`)
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible()
})

test('list state lives in the URL and survives reload and back', async ({ page }) => {
  await signInRemembered(page, '/orgs')
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('25')
  await expect(page).toHaveURL(/page_size=25/)
  await page.getByRole('button', { name: 'Name' }).click()
  await expect(page).toHaveURL(/sort=name/)
  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('25')
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending')
  await page.goBack()
  await expect(page).not.toHaveURL(/sort=/)
  await expect(page.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort', /.+/)
})
