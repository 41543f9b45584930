import type { createBrowserRouter } from 'react-router-dom'

type Router = ReturnType<typeof createBrowserRouter>

/**
 * How long the first render waits for the first page's code and data before it shows the shell's
 * skeleton instead. Shorter than a skeleton is worth seeing: a page that is ready by then appears at once,
 * with no skeleton flashed before it.
 */
const SKELETON_DELAY_MS = 300

/**
 * Resolves once the router has loaded its first page (its route code and loaders), or after `delayMs`,
 * whichever comes first. Rendering then makes the page's first render its real one: a single render of
 * the page with its data, instead of the skeleton, then the page as a transition React renders in
 * slices between the browser's tasks (which on a slow CPU is most of the time to the first row).
 */
export function firstPageReady(router: Router, delayMs = SKELETON_DELAY_MS): Promise<void> {
  if (router.state.initialized) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      unsubscribe()
      resolve()
    }
    const timer = setTimeout(done, delayMs)
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) done()
    })
  })
}
