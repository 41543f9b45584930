import { expect, type Page } from '@playwright/test'
import { DEMO_KEY } from './env'

/** Signs in with a `#key=` link (remembered in the tab, as every sign-in is by default). */
export async function signInByLink(page: Page, path = '/', key = DEMO_KEY) {
  await page.goto(`${path}#key=${key}`)
  await expect(page).not.toHaveURL(/key=/)
}

/** Signs in by pasting the key with the defaults: reloads and new tabs of the browser keep the session. */
export async function signInRemembered(page: Page, path = '/', key = DEMO_KEY) {
  await pasteKey(page, path, key, { remember: true })
}

/** Signs in by pasting the key with "Don't remember me": this tab's memory only, a reload signs out. */
export async function signInForgetful(page: Page, path = '/', key = DEMO_KEY) {
  await pasteKey(page, path, key, { remember: false })
}

async function pasteKey(page: Page, path: string, key: string, { remember }: { remember: boolean }) {
  await page.goto(path)
  await expect(page).toHaveURL(/\/sign-in$/)
  await page.getByLabel('Personal API key').fill(key)
  await page.getByRole('checkbox', { name: /Don't remember me/ }).setChecked(!remember)
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
