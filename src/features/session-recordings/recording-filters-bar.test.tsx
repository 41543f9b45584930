// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { RecordingFiltersBar } from './recording-filters-bar'

describe('RecordingFiltersBar', () => {
  it('says on the To field when custom dates are reversed', () => {
    render(<RecordingFiltersBar filters={{ date_from: '2026-03-10', date_to: '2026-03-01' }} onChange={vi.fn()} />)
    const to = screen.getByLabelText('To (UTC, inclusive)')
    expect(to).toHaveAttribute('aria-invalid', 'true')
    expect(to).toHaveAccessibleDescription('Ends before From (2026-03-10): no recording can match.')
  })

  it('accepts a one-day range and shows no error', () => {
    render(<RecordingFiltersBar filters={{ date_from: '2026-03-10', date_to: '2026-03-10' }} onChange={vi.fn()} />)
    expect(screen.getByLabelText('To (UTC, inclusive)')).not.toHaveAttribute('aria-invalid')
    expect(screen.queryByText(/Ends before From/)).toBeNull()
  })

  it('flags the range as soon as a To date before From is picked', async () => {
    const onChange = vi.fn()
    const { rerender } = render(<RecordingFiltersBar filters={{ date_from: '2026-03-10' }} onChange={onChange} />)
    await userEvent.type(screen.getByLabelText('To (UTC, inclusive)'), '2026-03-02')
    const next = onChange.mock.lastCall![0]
    expect(next).toEqual({ date_from: '2026-03-10', date_to: '2026-03-02' })
    rerender(<RecordingFiltersBar filters={next} onChange={onChange} />)
    expect(screen.getByText(/Ends before From \(2026-03-10\)/)).toBeVisible()
  })
})
