import { expect, test } from '@playwright/test'
import { createKey } from './support/api'
import { DEMO_KEY } from './support/env'
import { signInByLink, signInRemembered, storedValues } from './support/session'

test.describe('signing in and out', () => {
  test('signs in by link and removes the key from the address bar at once', async ({ page }) => {
    await page.goto(`/#key=${DEMO_KEY}`)
    await expect(page).toHaveURL(/\/orgs\/[0-9a-f-]{36}$/)
    expect(page.url()).not.toContain(DEMO_KEY)
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toContainText('Demo Admin')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // The link signs in for this page only: nothing is stored.
    const stored = await storedValues(page)
    expect([...stored.local, ...stored.session].join()).not.toContain(DEMO_KEY)
  })

  test('signs in with a pasted key, in memory only by default', async ({ page }) => {
    await page.goto('/orgs?page_size=25')
    await expect(page).toHaveURL(/\/sign-in$/)
    await page.getByLabel('Personal API key').fill(DEMO_KEY)
    await page.getByRole('button', { name: 'Sign in' }).click()
    // Back where the user wanted to go, with its list state.
    await expect(page).toHaveURL(/\/orgs\?page_size=25$/)
    await expect(page.getByRole('table', { name: 'Organizations' })).toBeVisible()
    const stored = await storedValues(page)
    expect([...stored.local, ...stored.session]).not.toContain(DEMO_KEY)
    await page.reload()
    await expect(page).toHaveURL(/\/sign-in$/)
  })

  test('"Remember in this tab" keeps the key in sessionStorage, never localStorage', async ({ page }) => {
    await signInRemembered(page, '/orgs')
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Organizations' })).toBeVisible()
    const stored = await storedValues(page)
    expect(stored.session).toContain(DEMO_KEY)
    expect(stored.local).not.toContain(DEMO_KEY)
  })

  test('sign-out wipes the key: nothing in storage or the URL, and back does not sign in', async ({ page }) => {
    await signInRemembered(page, '/orgs')
    await page.getByRole('link', { name: 'Partner Agency' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Partner Agency' })).toBeVisible()
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/sign-in$/)
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    const stored = await storedValues(page)
    expect([...stored.local, ...stored.session].join()).not.toContain(DEMO_KEY)
    expect(page.url()).not.toContain('key')
    // Back to a console page: still signed out.
    await page.goBack()
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Partner Agency' })).toBeHidden()
    await page.goto('/orgs')
    await expect(page).toHaveURL(/\/sign-in$/)
  })

  test('a key the server rejects returns to sign-in with the reason', async ({ page }) => {
    await signInByLink(page, '/orgs', `phx_${'x'.repeat(44)}`)
    await expect(page).toHaveURL(/\/sign-in$/)
    await expect(page.getByRole('alert')).toContainText('You were signed out')
    await expect(page.getByRole('alert')).toContainText(/invalid/i)
  })

  test('a pasted key that is rejected says so on the field', async ({ page }) => {
    await page.goto('/sign-in')
    await page.getByLabel('Personal API key').fill('not a key')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText(/does not look like a personal API key/)).toBeVisible()
    await page.getByLabel('Personal API key').fill(`phx_${'y'.repeat(44)}`)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText(/The server rejected this key/)).toBeVisible()
    await expect(page).toHaveURL(/\/sign-in$/)
  })

  test('unknown pages show not found inside the console', async ({ page }) => {
    await signInByLink(page, '/no/such/page')
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expect(page).toHaveTitle(/Page not found/)
  })

  test('a sign-in link opened in a tab already showing the console switches to its key', async ({ page }) => {
    await signInByLink(page, '/orgs')
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toContainText('all scopes')
    const key = createKey(['organization:read'], 'hash change e2e')
    await page.evaluate((k) => {
      window.location.hash = `key=${k}`
    }, key)
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toContainText('organization:read')
    expect(page.url()).not.toContain(key)
  })
})
