import { describe, expect, it } from 'vitest'
import { createMemoryRouter } from 'react-router-dom'
import { firstPageReady } from './first-render'

/** A router whose only route's loader answers after `ms`. */
const routerWithLoader = (ms: number) =>
  createMemoryRouter([{ path: '/', loader: () => new Promise((done) => setTimeout(() => done('data'), ms)) }])

describe('firstPageReady', () => {
  it('waits for the first page when it loads within the delay, so the first render is the page', async () => {
    const router = routerWithLoader(20)
    await firstPageReady(router, 2_000)
    expect(router.state.initialized).toBe(true)
    expect(router.state.loaderData[router.routes[0]!.id]).toBe('data')
  })

  it('gives up after the delay when the page is slower, so the skeleton shows meanwhile', async () => {
    const router = routerWithLoader(1_000)
    const started = Date.now()
    await firstPageReady(router, 30)
    expect(router.state.initialized).toBe(false)
    expect(Date.now() - started).toBeLessThan(900)
    router.dispose()
  })

  it('resolves at once for a router that has nothing to load', async () => {
    const router = createMemoryRouter([{ path: '/', element: null }])
    expect(router.state.initialized).toBe(true)
    await firstPageReady(router, 60_000)
  })
})
