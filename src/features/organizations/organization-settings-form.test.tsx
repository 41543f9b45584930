// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { organizationFixture } from '../../testing/fixtures'
import { jsonResponse, renderWithProviders } from '../../testing/render'
import { OrganizationSettingsForm } from './organization-settings-form'

const fetchMock = vi.fn<typeof fetch>()
const editable = { allowed: true, reason: null } as const

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => vi.unstubAllGlobals())

const lastBody = () => JSON.parse(String(fetchMock.mock.calls.at(-1)![1]!.body)) as unknown

describe('OrganizationSettingsForm', () => {
  it('starts from the loaded values with Save disabled until something changes', async () => {
    renderWithProviders(<OrganizationSettingsForm organization={organizationFixture()} permission={editable} />)
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Acme')
    expect(screen.getByRole('switch', { name: 'Email all members when someone joins' })).toBeChecked()
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), ' Inc')
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled()
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument()
  })

  it('sends only the changed fields and saves', async () => {
    const saved = organizationFixture({ name: 'Acme Inc', enforce_2fa: true })
    fetchMock.mockResolvedValue(jsonResponse(200, saved))
    renderWithProviders(<OrganizationSettingsForm organization={organizationFixture()} permission={editable} />)
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), ' Inc')
    await userEvent.click(screen.getByRole('switch', { name: 'Enforce two-factor authentication' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.getByText('All changes saved')).toBeInTheDocument())
    expect(fetchMock.mock.calls[0]![1]!.method).toBe('PATCH')
    expect(lastBody()).toEqual({ name: 'Acme Inc', enforce_2fa: true })
  })

  it('checks the name with the contract before sending', async () => {
    renderWithProviders(<OrganizationSettingsForm organization={organizationFixture()} permission={editable} />)
    await userEvent.clear(screen.getByRole('textbox', { name: /^Name/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Name is required.')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('puts a server validation_error on its field', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        type: 'validation_error',
        code: 'invalid',
        detail: 'An organization with this name already exists.',
        attr: 'name',
      }),
    )
    renderWithProviders(<OrganizationSettingsForm organization={organizationFixture()} permission={editable} />)
    const name = screen.getByRole('textbox', { name: /^Name/ })
    await userEvent.type(name, ' Two')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('An organization with this name already exists.')).toBeInTheDocument()
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveValue('Acme Two')
  })

  it('keeps typed values when the save fails', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(500, { type: 'server_error', code: 'error', detail: 'Database is locked.', attr: null }),
    )
    renderWithProviders(<OrganizationSettingsForm organization={organizationFixture()} permission={editable} />)
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), ' Renamed')
    await userEvent.click(screen.getByRole('switch', { name: 'Approve AI data processing' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Database is locked.')
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Acme Renamed')
    expect(screen.getByRole('switch', { name: 'Approve AI data processing' })).toBeChecked()
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument()
  })

  it('is read-only with the reason when the key cannot write', () => {
    const reason = 'Needs scope organization:write'
    renderWithProviders(
      <OrganizationSettingsForm organization={organizationFixture()} permission={{ allowed: false, reason }} />,
    )
    expect(screen.getByRole('textbox', { name: /^Name/ })).toBeDisabled()
    expect(screen.getByRole('switch', { name: 'Enforce two-factor authentication' })).toBeDisabled()
    expect(screen.getByRole('button', { name: /Save/ })).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByRole('note')).toHaveTextContent(reason)
  })
})
