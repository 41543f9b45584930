import { Suspense, lazy, useEffect } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { RouterProvider } from 'react-router-dom'
import { dropFirstRequests } from '../api/first-requests'
import { consumeKeyFragment, getSession, subscribeSession } from '../api/session'
import type { createRouter } from './router'

// The toast stack loads after the first render; toasts raised before it mounts wait in the store.
const Toaster = lazy(() => import('../components/toaster').then((m) => ({ default: m.Toaster })))

/** The console: `client` and `router` are made before the first render (main.tsx), which waits for the first page. */
export function App({ client, router }: { client: QueryClient; router: ReturnType<typeof createRouter> }) {
  useEffect(() => {
    // When the key goes away (sign-out, a 401 anywhere) or is replaced, no cached response outlives it.
    let previous = getSession().key
    const unsubscribe = subscribeSession(() => {
      const { key } = getSession()
      if (previous !== null && key !== previous) client.clear()
      previous = key
    })
    // A sign-in link opened in a tab already showing the console only changes the fragment.
    const onHashChange = () => {
      if (consumeKeyFragment()) void router.navigate('/', { replace: true })
    }
    window.addEventListener('hashchange', onHashChange)
    // Requests index.html started for the first page serve its loaders only: once it has loaded, what no
    // loader took is dropped, so a later request never gets an answer from before.
    const settled = () => router.state.initialized && router.state.navigation.state === 'idle'
    const stopWatching = router.subscribe(() => {
      if (settled()) dropFirstRequests()
    })
    if (settled()) dropFirstRequests()
    return () => {
      stopWatching()
      unsubscribe()
      window.removeEventListener('hashchange', onHashChange)
    }
  }, [client, router])

  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  )
}
