import { expect, type Page } from '@playwright/test'
import { DEMO_KEY } from './env'

/** Signs in with a `#key=` link (memory only: a reload signs out). */
export async function signInByLink(page: Page, path = '/', key = DEMO_KEY) {
  await page.goto(`${path}#key=${key}`)
  await expect(page).not.toHaveURL(/key=/)
}

/** Signs in by pasting the key, with "Remember in this tab" so reloads keep the session. */
export async function signInRemembered(page: Page, path = '/', key = DEMO_KEY) {
  await page.goto(path)
  await expect(page).toHaveURL(/\/sign-in$/)
  await page.getByLabel('Personal API key').fill(key)
  await page.getByRole('checkbox', { name: /Remember in this tab/ }).check()
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).not.toHaveURL(/\/sign-in/)
}

/** Every value the page keeps in web storage, to prove where the key is (and is not). */
export async function storedValues(page: Page) {
  return page.evaluate(() => ({
    local: Object.values({ ...localStorage }),
    session: Object.values({ ...sessionStorage }),
  }))
}
