import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from './e2e/support/chromium'
import { BASE_URL, DATABASE_PATH, DEMO_KEY, PORT } from './e2e/support/env'

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    // The console is built by `npm run test:e2e` (vite build) before this starts.
    command: 'node_modules/.bin/tsx server/main.ts',
    url: `${BASE_URL}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      DATABASE_PATH,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DEMO_API_KEY: DEMO_KEY,
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  },
})
