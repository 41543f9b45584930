import { expect, test } from '@playwright/test'
import { createKey } from './support/api'
import { DEMO_KEY } from './support/env'
import { signInByLink, signInForgetful, signInRemembered, storedValues } from './support/session'

test.describe('signing in and out', () => {
  test('signs in by link and removes the key from the address bar at once', async ({ page }) => {
    await page.goto(`/#key=${DEMO_KEY}`)
    await expect(page).toHaveURL(/\/orgs\/[0-9a-f-]{36}$/)
    expect(page.url()).not.toContain(DEMO_KEY)
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toContainText('Demo Admin')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // Kept in this tab's sessionStorage (reloads keep the session), never in localStorage.
    const stored = await storedValues(page)
    expect(stored.session).toEqual([DEMO_KEY])
    expect(stored.local.join()).not.toContain(DEMO_KEY)
  })

  test('a reload keeps the session by default; the sign-in page says where it is kept', async ({ page }) => {
    await page.goto('/orgs?page_size=25')
    await expect(page).toHaveURL(/\/sign-in$/)
    await expect(page.getByText(/You stay signed in across reloads and new tabs of this browser/)).toBeVisible()
    await expect(page.getByText(/kept in this tab's session storage/)).toBeVisible()
    await expect(page.getByRole('checkbox', { name: /Don't remember me/ })).not.toBeChecked()
    await page.getByLabel('Personal API key').fill(DEMO_KEY)
    await page.getByRole('button', { name: 'Sign in' }).click()
    // Back where the user wanted to go, with its list state.
    await expect(page).toHaveURL(/\/orgs\?page_size=25$/)
    await expect(page.getByRole('table', { name: 'Organizations' })).toBeVisible()
    await page.reload()
    await expect(page).toHaveURL(/\/orgs\?page_size=25$/)
    await expect(page.getByRole('table', { name: 'Organizations' })).toBeVisible()
    const stored = await storedValues(page)
    expect(stored.session).toEqual([DEMO_KEY])
    expect(stored.local.join()).not.toContain(DEMO_KEY)
  })

  test('a new tab and a middle-clicked link stay signed in; sign-out in one tab ends every tab', async ({
    page,
    context,
  }) => {
    await signInRemembered(page, '/orgs')
    await expect(page.getByRole('table', { name: 'Organizations' })).toBeVisible()
    // A row's real link, middle-clicked: a new tab of the same browser session, signed in.
    const [opened] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Partner Agency' }).click({ button: 'middle' }),
    ])
    await expect(opened.getByRole('heading', { level: 1, name: 'Partner Agency' })).toBeVisible()
    expect(opened.url()).not.toContain('key')
    // A URL typed into another new tab.
    const typed = await context.newPage()
    await typed.goto('/orgs')
    await expect(typed.getByRole('table', { name: 'Organizations' })).toBeVisible()
    expect((await storedValues(typed)).session).toEqual([DEMO_KEY])

    await typed.getByRole('button', { name: 'Sign out' }).click()
    await expect(typed).toHaveURL(/\/sign-in$/)
    for (const tab of [page, opened]) {
      await expect(tab).toHaveURL(/\/sign-in$/)
      await expect(tab.getByRole('alert')).toContainText('You signed out in another tab.')
      const stored = await storedValues(tab)
      expect([...stored.local, ...stored.session].join()).not.toContain(DEMO_KEY)
    }
    // Nothing is left to hand to a new tab.
    const later = await context.newPage()
    await later.goto('/orgs')
    await expect(later).toHaveURL(/\/sign-in$/)
  })

  test('"Don\'t remember me" keeps the key in the tab\'s memory: a reload or a new tab asks again', async ({
    page,
    context,
  }) => {
    await signInForgetful(page, '/orgs')
    await expect(page.getByRole('table', { name: 'Organizations' })).toBeVisible()
    const stored = await storedValues(page)
    expect([...stored.local, ...stored.session].join()).not.toContain(DEMO_KEY)
    const opened = await context.newPage()
    await opened.goto('/orgs')
    await expect(opened).toHaveURL(/\/sign-in$/)
    await page.reload()
    await expect(page).toHaveURL(/\/sign-in$/)
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
