// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { jsonResponse, renderWithProviders } from '../../testing/render'
import { BackfillDialog } from './backfill-dialog'
import { exportFixture, runFixture } from '../../testing/fixtures'

const ORG = '7c1f4a5e-7b9e-4c1a-9a57-2f1e1f3b6d10'
const NOW = new Date('2026-03-12T10:20:00Z')

const exp = exportFixture({
  name: 'Hourly',
  interval: 'hour',
  latest_runs: [runFixture('Completed', '2026-03-12T09:00:00Z', '2026-03-12T10:00:00Z')],
})

const fetchMock = vi.fn<typeof fetch>()
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

function renderDialog(onClose = vi.fn()) {
  renderWithProviders(<BackfillDialog orgId={ORG} exp={exp} zones={['UTC', 'Europe/Berlin']} onClose={onClose} />)
  return onClose
}

const setInput = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe('BackfillDialog', () => {
  it('is marked deprecated and starts with the last five whole intervals, listing each run', () => {
    renderDialog()
    expect(screen.getByText('Deprecated endpoint')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Start \(UTC\)/)).toHaveValue('2026-03-12T05:00')
    expect(screen.getByLabelText(/^End \(UTC\)/)).toHaveValue('2026-03-12T10:00')
    expect(screen.getByRole('heading', { name: 'This creates 5 runs' })).toBeInTheDocument()
    const items = within(screen.getByRole('list', { name: 'Runs to create' })).getAllByRole('listitem')
    expect(items.map((li) => li.textContent)).toEqual([
      'Thu 12 Mar, 05:00 UTC → 06:00 UTC',
      'Thu 12 Mar, 06:00 UTC → 07:00 UTC',
      'Thu 12 Mar, 07:00 UTC → 08:00 UTC',
      'Thu 12 Mar, 08:00 UTC → 09:00 UTC',
      'Thu 12 Mar, 09:00 UTC → 10:00 UTCOverlaps Completed run',
    ])
    expect(screen.getByText('1 run overlaps a window already exported')).toBeInTheDocument()
  })

  it('refuses an end in the future and a start after the end, as the server would', () => {
    renderDialog()
    setInput(/^End \(UTC\)/, '2026-03-12T11:00')
    expect(screen.getByText('The end of a backfill cannot be in the future.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Backfill' })).toBeDisabled()
    setInput(/^End \(UTC\)/, '2026-03-12T04:00')
    expect(screen.getByText('The start must be before the end.')).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Runs to create' })).not.toBeInTheDocument()
  })

  it('keeps the instants when the zone changes and sends them timezone-aware', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 200 }))
    const onClose = renderDialog()
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'Europe/Berlin')
    expect(screen.getByLabelText(/^Start \(Europe\/Berlin\)/)).toHaveValue('2026-03-12T06:00')
    await userEvent.click(screen.getByRole('button', { name: 'Create 5 runs' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    const [url, init] = fetchMock.mock.calls[0]!
    expect(String(url)).toContain(`/api/organizations/${ORG}/batch_exports/${exp.id}/backfill/`)
    expect(JSON.parse(String(init!.body))).toEqual({
      start_at: '2026-03-12T06:00:00+01:00',
      end_at: '2026-03-12T11:00:00+01:00',
    })
  })

  it('shows a refusal from the server on its field', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        type: 'validation_error',
        code: 'invalid',
        detail: 'The end of a backfill cannot be in the future.',
        attr: 'end_at',
      }),
    )
    const onClose = renderDialog()
    await userEvent.click(screen.getByRole('button', { name: 'Create 5 runs' }))
    expect(await screen.findByText('The end of a backfill cannot be in the future.')).toBeInTheDocument()
    expect(screen.getByLabelText(/^End \(UTC\)/)).toHaveAttribute('aria-invalid', 'true')
    expect(onClose).not.toHaveBeenCalled()
  })
})
