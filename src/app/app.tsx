import { useEffect, useState } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from 'react-router-dom'
import { Toaster } from 'sonner'
import { getSession, subscribeSession } from '../api/session'
import { createQueryClient } from './query-client'
import { createRouter } from './router'

export function App() {
  const [client] = useState(createQueryClient)
  const [router] = useState(createRouter)

  // Whenever the key goes away (sign-out, or a 401 anywhere), no cached response outlives it.
  useEffect(
    () =>
      subscribeSession(() => {
        if (!getSession().key) client.clear()
      }),
    [client],
  )

  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster theme="system" position="bottom-right" closeButton richColors />
    </QueryClientProvider>
  )
}
