// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { jsonResponse, renderWithProviders } from '../../testing/render'
import { SharingPanel, maskToken } from './sharing-panel'

const TOKEN = 'ab12Cd34Ef56Gh78Ij90KlMnOpQrSt-f9'
const fetchMock = vi.fn<typeof fetch>()
const writeText = vi.fn<(text: string) => Promise<void>>()

function serve({ scopes, enabled = true }: { scopes: string[]; enabled?: boolean }) {
  fetchMock.mockImplementation(async (url, init) => {
    const path = new URL(String(url)).pathname
    if (path === '/api/personal_api_keys/@current/') {
      return jsonResponse(200, {
        id: 'k1',
        label: 'test',
        mask_value: 'phx_…abcd',
        scopes,
        scoped_organizations: null,
        scoped_teams: null,
        created_at: '2026-01-01T00:00:00Z',
        last_used_at: null,
      })
    }
    const body = init?.body ? (JSON.parse(String(init.body)) as { enabled: boolean }) : null
    return jsonResponse(200, {
      created_at: '2026-03-01T00:00:00Z',
      enabled: body ? body.enabled : enabled,
      access_token: TOKEN,
    })
  })
}

beforeEach(() => {
  fetchMock.mockReset()
  writeText.mockReset().mockResolvedValue()
  vi.stubGlobal('fetch', fetchMock)
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
  // jsdom has no <dialog> modal support.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
})
afterEach(() => vi.unstubAllGlobals())

const renderPanel = () => renderWithProviders(<SharingPanel projectId={1} recordingId="rec-1" onClose={() => {}} />)

describe('SharingPanel', () => {
  it('masks the token as ab12…f9', () => {
    expect(maskToken(TOKEN)).toBe('ab12…f9')
  })

  it('keeps the token masked until revealed, and copies without revealing', async () => {
    serve({ scopes: ['*'] })
    renderPanel()
    const token = await screen.findByRole('textbox', { name: 'Access token' })
    expect(token).toHaveValue('ab12…f9')
    expect(screen.getByRole('textbox', { name: 'Public link' })).toHaveValue('http://localhost:3000/shared/ab12…f9')
    expect(document.body.textContent).not.toContain(TOKEN)
    expect(screen.getByRole('textbox', { name: 'Embed code' })).not.toHaveValue(expect.stringContaining(TOKEN))

    await userEvent.click(screen.getByRole('button', { name: 'Copy public link' }))
    expect(writeText).toHaveBeenCalledWith(`http://localhost:3000/shared/${TOKEN}`)
    expect(token).toHaveValue('ab12…f9')

    await userEvent.click(screen.getByRole('button', { name: 'Reveal' }))
    expect(token).toHaveValue(TOKEN)
    expect(screen.getByRole('textbox', { name: 'Embed code' })).toHaveValue(
      `<iframe src="http://localhost:3000/embedded/${TOKEN}" width="100%" height="640" frameborder="0" allowfullscreen></iframe>`,
    )
  })

  it('turns sharing off with PATCH {enabled: false}', async () => {
    serve({ scopes: ['*'] })
    renderPanel()
    const toggle = await screen.findByRole('switch', { name: 'Share publicly' })
    expect(toggle).toBeChecked()
    await userEvent.click(toggle)
    await waitFor(() => expect(toggle).not.toBeChecked())
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ enabled: false })
    expect(screen.queryByRole('textbox', { name: 'Public link' })).toBeNull()
  })

  it('says in the panel what did not happen when the server refuses a change', async () => {
    serve({ scopes: ['*'] })
    const served = fetchMock.getMockImplementation()!
    fetchMock.mockImplementation(async (url, init) =>
      init?.method === 'PATCH'
        ? jsonResponse(500, { type: 'server_error', code: 'error', detail: 'Try later.', attr: null })
        : served(url, init),
    )
    renderPanel()
    const toggle = await screen.findByRole('switch', { name: 'Share publicly' })
    await userEvent.click(toggle)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Could not turn public sharing off')
    expect(alert).toHaveTextContent('Try later.')
    expect(toggle).toBeChecked()
  })

  it('asks before rotating: the old link stops working', async () => {
    serve({ scopes: ['*'] })
    renderPanel()
    await userEvent.click(await screen.findByRole('button', { name: 'Rotate link…' }))
    expect(screen.getByText(/current public link and embed stop working/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Rotate link' }))
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => String(url).endsWith('/sharing/refresh/') && init?.method === 'POST',
        ),
      ).toBe(true),
    )
  })

  it('is read-only, with the reason, without sharing_configuration:write', async () => {
    serve({ scopes: ['session_recording:read', 'sharing_configuration:read'] })
    renderPanel()
    expect(await screen.findByText(/Needs scope sharing_configuration:write/)).toBeInTheDocument()
    expect(await screen.findByRole('switch', { name: 'Share publicly' })).toBeDisabled()
    expect(screen.getByRole('button', { name: /Rotate link/ })).toHaveAttribute('aria-disabled', 'true')
    // Copying stays possible: reading is allowed.
    expect(screen.getByRole('button', { name: 'Copy public link' })).toBeEnabled()
  })
})
