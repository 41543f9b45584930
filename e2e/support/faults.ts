import { expect, test, type BrowserContext, type Locator, type Page, type Route } from '@playwright/test'
import { createOrganization, deleteOrganization, uniqueName } from './api'

// Every mutation of the console against the real server, with one request of it failing in each way
// a network can fail. The user must be told, keep what they typed, see optimistic changes undone,
// and succeed by trying again once the fault is gone (checked through the API).

export const SERVER_ERROR = { type: 'server_error', code: 'error', detail: 'A server error occurred.', attr: null }
export const THROTTLED = {
  type: 'throttled_error',
  code: 'throttled',
  detail: 'Request was throttled. Expected available in 1 second.',
  attr: null,
}

/** The requests a mutation sends: the ones a fault hits (others pass). */
export type Target = { method: 'POST' | 'PATCH' | 'DELETE'; url: string }
type Injected = {
  /** Lets the held request go on to fail (or, for a 429, the retry through to the server). */
  release: () => void
  lift: () => Promise<void>
}
type Fault = {
  name: string
  /** What the user reads. */
  message: string
  /** The request is held until released, so the optimistic state can be seen before the failure. */
  holds: boolean
  /** The console gets over it by itself (a 429 is retried after Retry-After). */
  heals?: boolean
  inject: (page: Page, context: BrowserContext, target: Target) => Promise<Injected>
}

function gate() {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  return { release, released }
}

/** Answers the target's requests with `answer` once released; other requests go on to the server. */
async function intercept(page: Page, target: Target, answer: (route: Route) => Promise<void>): Promise<Injected> {
  const { release, released } = gate()
  await page.route(target.url, async (route) => {
    if (route.request().method() !== target.method) return route.fallback()
    await released
    return answer(route)
  })
  return { release, lift: () => page.unroute(target.url) }
}

export const FAULTS: Fault[] = [
  {
    name: '500',
    message: 'A server error occurred.',
    holds: true,
    inject: (page, _context, target) =>
      intercept(page, target, (route) => route.fulfill({ status: 500, json: SERVER_ERROR })),
  },
  {
    name: '429 with Retry-After',
    message: 'Too many requests — retrying in 1 s…',
    holds: false,
    heals: true,
    inject: async (page, _context, target) => {
      // The first attempt is throttled; the retry waits for the release, then reaches the server.
      const { release, released } = gate()
      let sent = 0
      await page.route(target.url, async (route) => {
        if (route.request().method() !== target.method) return route.fallback()
        if (sent++ === 0) return route.fulfill({ status: 429, headers: { 'Retry-After': '1' }, json: THROTTLED })
        await released
        return route.fallback()
      })
      return { release, lift: () => page.unroute(target.url) }
    },
  },
  {
    // To the page an aborted "timed out" request is one that found no server; the console's own
    // 30-second timeout ("The server took too long to answer") is proven in src/api/request.test.ts.
    name: 'timeout',
    message: 'Could not reach the server. Check your connection and try again.',
    holds: true,
    inject: (page, _context, target) => intercept(page, target, (route) => route.abort('timedout')),
  },
  {
    name: 'offline',
    message: 'You are offline. Check your connection and try again.',
    holds: false,
    inject: async (_page, context) => {
      await context.setOffline(true)
      return { release: () => {}, lift: () => context.setOffline(false) }
    },
  },
]

/**
 * One mutation as the user does it, on a page already open. `prepare` enters what the user types
 * (before the fault, as when a connection drops while filling a form); `attempt` is the step number,
 * for values no other step uses.
 */
export type Flow = {
  target: Target
  prepare?: (attempt: number) => Promise<void>
  submit: () => Promise<void>
  /** Where the failure is explained. */
  failure: () => Locator
  /** The change shows before the server answers. */
  optimistic?: () => Promise<void>
  /** After the failure: typed values still there, optimistic change undone, nothing stored. */
  failed: () => Promise<void>
  /** Trying again once the fault is gone (default: `submit`). */
  retry?: () => Promise<void>
  /** The UI and the API show the change. */
  succeeded: () => Promise<void>
}
export type Mutation = { name: string; open: (page: Page) => Promise<Flow> }

/**
 * Organizations the tests of a spec make (so they can share the workers), deleted after each test:
 * `newOrg` creates one through the API, `track` adds one the console created.
 */
export function organizationsPerTest() {
  let orgs: string[] = []
  test.afterEach(async () => {
    await Promise.all(orgs.map(deleteOrganization))
    orgs = []
  })
  const track = (id: string) => orgs.push(id)
  const newOrg = async (prefix = 'E2E Faults') => {
    const org = await createOrganization({ name: uniqueName(prefix) })
    track(org.id)
    return org
  }
  return { newOrg, track }
}

export const toast = (page: Page, text: string) =>
  page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: text })

/** One test per mutation, a step per fault: explained, input kept, optimistic change undone, retry works. */
export function faultTests(mutations: Mutation[]) {
  test.use({ timezoneId: 'UTC' })
  test.describe.configure({ mode: 'parallel' })
  for (const mutation of mutations) {
    test(`${mutation.name}: every fault is explained, keeps the input, and a retry succeeds`, async ({
      page,
      context,
    }) => {
      // Eight faults in turn, each with its toast, a check against the server and a retry: several
      // ordinary tests' worth of steps, so it gets their time (a loaded machine took 25–33 s).
      test.setTimeout(90_000)
      const flow = await mutation.open(page)
      for (const [attempt, fault] of FAULTS.entries()) {
        await test.step(fault.name, async () => {
          await flow.prepare?.(attempt)
          const injected = await fault.inject(page, context, flow.target)
          await flow.submit()
          if (fault.heals) {
            // Told why nothing happens yet; the change stays shown while the console waits and retries.
            const notice = toast(page, fault.message)
            await expect(notice).toBeVisible()
            await flow.optimistic?.()
            injected.release()
            await flow.succeeded()
            await expect(notice).toBeHidden()
            await injected.lift()
            return
          }
          if (fault.holds) await flow.optimistic?.()
          injected.release()
          await expect(flow.failure().filter({ hasText: fault.message })).toBeVisible()
          await flow.failed()
          await injected.lift()
          await (flow.retry ?? flow.submit)()
          await flow.succeeded()
        })
      }
    })
  }
}
