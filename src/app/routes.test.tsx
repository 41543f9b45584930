// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { createMemoryRouter } from 'react-router-dom'
import { signIn, signOut } from '../api/session'
import { areaRoutes } from './routes'

const KEY = 'phx_0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJK'
const requested: string[] = []
beforeEach(() => {
  requested.length = 0
  // Requests stay unanswered: what counts is that they were sent before anything rendered.
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((url) => {
      requested.push(decodeURIComponent(new URL(String(url)).pathname + new URL(String(url)).search))
      return new Promise(() => {})
    }),
  )
  signIn(KEY, { remember: false })
})
afterEach(() => {
  signOut(null)
  vi.unstubAllGlobals()
})

/** Navigates a router of the area routes to `path` without rendering it; returns what was requested. */
async function load(path: string) {
  const router = createMemoryRouter(areaRoutes(new QueryClient()), { initialEntries: [path] })
  await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 10_000 })
  router.dispose()
  return requested
}

describe('route loaders', () => {
  it('ask for the batch-exports page the URL shows, from the org id in the URL alone', async () => {
    expect(await load('/orgs/o1/batch-exports?page=3')).toEqual([
      '/api/organizations/o1/batch_exports/?limit=25&offset=50',
    ])
  })

  it('ask for the organizations page the URL shows', async () => {
    expect(await load('/orgs?page=2&page_size=50')).toEqual(['/api/organizations/?limit=50&offset=50'])
  })

  it('ask for the recordings page with its order and filters', async () => {
    // The URL's ascending `sort=duration` is PostHog's `order=duration&order_direction=ASC`; no dates
    // in the URL is "any time" (PostHog's own default would be three days back).
    expect(await load('/projects/7/recordings?sort=duration&viewed=false')).toEqual([
      '/api/projects/7/session_recordings/?limit=50&offset=0&order=duration&order_direction=ASC&date_from=all&viewed=false',
    ])
  })

  it('ask for a recording and the list page around it', async () => {
    expect(await load('/projects/7/recordings/r1?page=2')).toEqual([
      '/api/projects/7/session_recordings/r1/',
      expect.stringMatching(/^\/api\/projects\/7\/session_recordings\/\?limit=50&offset=50/),
    ])
  })

  it('ask for an export, and on the logs tab its logs as the URL filters them', async () => {
    expect(await load('/orgs/o1/batch-exports/e1?tab=logs&level=ERROR')).toEqual([
      '/api/organizations/o1/batch_exports/e1/',
      '/api/organizations/o1/batch_exports/e1/logs/?limit=50&level=ERROR',
    ])
  })

  it('ask for nothing while signed out', async () => {
    signOut(null)
    expect(await load('/orgs/o1/batch-exports')).toEqual([])
  })
})
