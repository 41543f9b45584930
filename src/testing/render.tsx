import type { ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, renderHook } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'

const testClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })

/** Renders a hook against a fresh QueryClient without retries whose cache `seed` fills first (tests only). */
export function renderHookWithClient<T>(hook: () => T, seed: (client: QueryClient) => void = () => {}) {
  const client = testClient()
  seed(client)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  return { ...renderHook(hook, { wrapper }), client }
}

/** Renders UI inside a data router and a fresh QueryClient without retries (tests only). */
export function renderWithProviders(
  ui: ReactNode,
  { path = '/', route = '/' }: { path?: string; route?: string } = {},
) {
  const client = testClient()
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [route] },
  )
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...result, client, router }
}

export const jsonResponse = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
