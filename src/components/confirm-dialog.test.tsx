// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ConfirmDialog } from './confirm-dialog'

const props = {
  open: true,
  title: 'Delete Acme?',
  description: 'This cannot be undone.',
  confirmLabel: 'Delete organization',
  danger: true,
  onCancel: () => {},
}

describe('ConfirmDialog', () => {
  it('confirms only once the exact text is typed', async () => {
    const onConfirm = vi.fn()
    render(<ConfirmDialog {...props} confirmText="Acme Inc" onConfirm={onConfirm} />)
    const confirm = screen.getByRole('button', { name: 'Delete organization' })
    const input = screen.getByRole('textbox', { name: /Type Acme Inc to confirm/ })
    expect(confirm).toBeDisabled()
    await userEvent.type(input, 'acme inc')
    expect(confirm).toBeDisabled()
    await userEvent.clear(input)
    await userEvent.type(input, 'Acme Inc{Enter}')
    expect(confirm).toBeEnabled()
    expect(onConfirm).toHaveBeenCalledTimes(1)
  })

  it('says what will be lost and cancels', async () => {
    const onCancel = vi.fn()
    render(<ConfirmDialog {...props} onConfirm={() => {}} onCancel={onCancel} />)
    expect(screen.getByRole('alertdialog', { name: 'Delete Acme?' })).toHaveAccessibleDescription(
      'This cannot be undone.',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalled()
  })

  it('shows a failure inside the dialog', () => {
    render(<ConfirmDialog {...props} error="Only an owner can delete it." onConfirm={() => {}} />)
    expect(screen.getByRole('alert')).toHaveTextContent('Only an owner can delete it.')
  })
})
