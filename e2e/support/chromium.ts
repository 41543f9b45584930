import { existsSync } from 'node:fs'
import type { LaunchOptions } from '@playwright/test'

// The system Chromium when there is one (CI images, sandboxes); Playwright's own otherwise.
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)

/** How the e2e tests and the browser benchmarks launch Chromium. */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath,
  args: executablePath
    ? [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ]
    : [],
}
