// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient, QueryClientProvider, useSuspenseQuery } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { ApiError, UNEXPECTED_SHAPE } from '../lib/api-error'
import { QueryBoundary } from './query-boundary'

function Thing({ load }: { load: () => Promise<string> }) {
  const { data } = useSuspenseQuery({ queryKey: ['thing'], queryFn: load })
  return <p>Loaded {data}</p>
}

const renderBoundary = (load: () => Promise<string>) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <QueryBoundary loading={<p>Loading…</p>}>
          <Thing load={load} />
        </QueryBoundary>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

// React reports errors caught by boundaries on console.error; here they are the point of the test.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  return () => vi.restoreAllMocks()
})

describe('QueryBoundary', () => {
  it('shows a first-load failure in the page and retries it', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(
        new ApiError({ status: 503, type: 'server_error', code: 'x', detail: 'Down for a moment.' }),
      )
      .mockResolvedValueOnce('it')
    renderBoundary(load)
    expect(screen.getByText('Loading…')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'The server had a problem' })).toBeInTheDocument()
    expect(screen.getByText('Down for a moment.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('Loaded it')).toBeInTheDocument()
  })

  it('tells the user when the server answered in an unexpected shape', async () => {
    const error = new ApiError({
      status: 200,
      type: 'unexpected_shape',
      code: 'unexpected_shape',
      detail: `${UNEXPECTED_SHAPE} (/api/organizations/).`,
      issues: ['results.0.id: Invalid UUID'],
    })
    renderBoundary(() => Promise.reject(error))
    expect(await screen.findByRole('heading', { name: 'Unexpected response' })).toBeInTheDocument()
    expect(screen.getByText(/unexpected shape/)).toBeInTheDocument()
    expect(screen.getByText('results.0.id: Invalid UUID')).toBeInTheDocument()
  })

  it('explains a missing scope and a missing object', async () => {
    const forbidden = new ApiError({
      status: 403,
      type: 'authentication_error',
      code: 'permission_denied',
      detail: "API key missing required scope 'batch_export:read'",
    })
    const { unmount } = renderBoundary(() => Promise.reject(forbidden))
    expect(await screen.findByText('This key lacks scope batch_export:read.')).toBeInTheDocument()
    unmount()
    renderBoundary(() =>
      Promise.reject(new ApiError({ status: 404, type: 'invalid_request', code: 'not_found', detail: 'Not found.' })),
    )
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the console' })).toBeInTheDocument()
  })

  it('tells a server that took too long apart from one that cannot be reached', async () => {
    const timeout = new ApiError({
      status: 0,
      type: 'network_error',
      code: 'timeout',
      detail: 'The server took too long to answer. Try again.',
    })
    const { unmount } = renderBoundary(() => Promise.reject(timeout))
    expect(await screen.findByRole('heading', { name: 'The server took too long' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
    unmount()
    renderBoundary(() =>
      Promise.reject(new ApiError({ status: 0, type: 'network_error', code: 'network_error', detail: 'Offline.' })),
    )
    expect(await screen.findByRole('heading', { name: "Can't reach the server" })).toBeInTheDocument()
  })
})
