import { expect, test } from '@playwright/test'
import { signInByLink } from './support/session'

test('an answer in an unexpected shape is shown, with retry and sign-out', async ({ page }) => {
  await page.route('**/api/users/@me/', (route) => route.fulfill({ status: 200, json: { hello: 'world' } }))
  await signInByLink(page, '/orgs')
  await expect(page.getByRole('heading', { name: 'Unexpected response' })).toBeVisible()
  await expect(page.getByText(/The server answered in an unexpected shape/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()

  await page.unroute('**/api/users/@me/')
  await page.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByRole('heading', { name: 'Organizations' })).toBeVisible()
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toContainText('Demo Admin')
})

test('switching organization keeps the area and the document title follows the page', async ({ page }) => {
  await signInByLink(page, '/orgs')
  await page.getByRole('link', { name: 'Demo Org' }).click()
  await expect(page).toHaveTitle('Demo Org · Organizations · Analytics Admin')
  await page.getByRole('link', { name: 'Batch exports' }).click()
  await expect(page).toHaveURL(/\/orgs\/[0-9a-f-]{36}\/batch-exports\?project=\d+$/)
  const demoOrgExports = page.url()
  await page.getByRole('combobox', { name: 'Organization' }).selectOption({ label: 'Partner Agency' })
  await expect(page).toHaveURL(/\/batch-exports\?project=\d+$/)
  expect(page.url()).not.toBe(demoOrgExports)
  await page.goBack()
  await expect(page).toHaveURL(demoOrgExports)
  await expect(page.getByRole('combobox', { name: 'Organization' })).toHaveValue(demoOrgExports.split('/')[4]!)
})

test('on a narrow screen the sidebar becomes a menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signInByLink(page, '/orgs')
  await expect(page.getByRole('link', { name: 'Batch exports' })).toBeHidden()
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('link', { name: 'Batch exports' }).click()
  await expect(page).toHaveURL(/\/batch-exports\?project=\d+$/)
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false')
})
