// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { getSession, signOut } from '../api/session'
import { jsonResponse, renderWithProviders } from '../testing/render'
import { SignInPage } from './sign-in-page'

const KEY = 'phx_' + 'k'.repeat(43)
const keyInfo = {
  id: 'k1',
  label: 'Demo key',
  mask_value: 'phx_kk...kkkk',
  scopes: ['*'],
  scoped_organizations: null,
  scoped_teams: null,
  created_at: '2026-01-01T00:00:00Z',
  last_used_at: null,
}
const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  vi.unstubAllGlobals()
  signOut()
  sessionStorage.clear()
})

const renderPage = () => renderWithProviders(<SignInPage />, { path: '/sign-in', route: '/sign-in' })

describe('SignInPage', () => {
  it('checks the shape of the key before asking the server', async () => {
    renderPage()
    await userEvent.type(screen.getByLabelText(/Personal API key/), 'hello')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText(/does not look like a personal API key/)).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('shows a rejected key on the field and stays signed out', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(401, {
        type: 'authentication_error',
        code: 'authentication_failed',
        detail: 'Personal API key found in request Authorization header is invalid.',
        attr: null,
      }),
    )
    renderPage()
    await userEvent.type(screen.getByLabelText(/Personal API key/), KEY)
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText(/The server rejected this key/)).toBeInTheDocument()
    expect(getSession().key).toBeNull()
  })

  it('remembers a good key in the session storage of the tab by default, and says so', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, keyInfo))
    renderPage()
    expect(screen.getByText(/You stay signed in across reloads and new tabs of this browser/)).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText(/Personal API key/), KEY)
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument()
    expect(getSession().key).toBe(KEY)
    expect(Object.values({ ...sessionStorage })).toEqual([KEY])
    expect(localStorage.length).toBe(0)
  })

  it('keeps the key in memory only with "Don\'t remember me"', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, keyInfo))
    renderPage()
    await userEvent.type(screen.getByLabelText(/Personal API key/), KEY)
    await userEvent.click(screen.getByRole('checkbox', { name: /Don't remember me/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument()
    expect(getSession().key).toBe(KEY)
    expect(sessionStorage.length).toBe(0)
    expect(localStorage.length).toBe(0)
  })

  it('says why the last session ended', () => {
    signOut('Personal API key found in request Authorization header is invalid.')
    renderPage()
    expect(screen.getByRole('alert')).toHaveTextContent('You were signed out')
  })
})
