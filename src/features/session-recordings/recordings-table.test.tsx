// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { SessionRecording } from '../../contracts/session-recordings'
import { renderWithProviders } from '../../testing/render'
import { recordingFixture } from '../../testing/fixtures'
import { RecordingsTable } from './recordings-table'

function renderTable(rows: SessionRecording[], overrides: Partial<Parameters<typeof RecordingsTable>[0]> = {}) {
  const props = {
    rows,
    loading: false,
    stale: false,
    skeletonRows: 3,
    sort: null,
    onSortChange: vi.fn(),
    detailHref: (id: string) => `/projects/1/recordings/${id}`,
    activeId: null,
    onActivate: vi.fn(),
    selected: new Set<string>(),
    onToggleSelect: vi.fn(),
    onToggleAll: vi.fn(),
    renderMenu: () => null,
    empty: <p>Nothing here</p>,
    ...overrides,
  }
  renderWithProviders(<RecordingsTable {...props} />)
  return props
}

const rowOf = (id: string) => screen.getByRole('checkbox', { name: `Select recording ${id}` }).closest('tr')!

describe('RecordingsTable', () => {
  it('shows durations as "4m 12s" and numbers right-aligned', () => {
    renderTable([recordingFixture({ id: 'a', recording_duration: 252, active_seconds: 59 })])
    const row = within(rowOf('a'))
    expect(row.getByText('4m 12s')).toHaveClass('num')
    expect(row.getByText('59s')).toHaveClass('num')
  })

  it('links only http(s) start URLs; a javascript: URL is plain text', () => {
    renderTable([
      recordingFixture({ id: 'safe', start_url: 'https://app.example.com/pricing' }),
      recordingFixture({ id: 'evil', start_url: 'javascript:alert(document.cookie)' }),
    ])
    const link = within(rowOf('safe')).getByRole('link', { name: 'app.example.com/pricing' })
    expect(link).toHaveAttribute('href', 'https://app.example.com/pricing')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    const evil = within(rowOf('evil')).getByText('javascript:alert(document.cookie)')
    expect(evil.closest('a')).toBeNull()
    expect(within(rowOf('evil')).queryByRole('link', { name: /javascript/ })).toBeNull()
  })

  it('highlights console errors and warnings only when there are some', () => {
    renderTable([
      recordingFixture({ id: 'bad', console_error_count: 3, console_warn_count: 2 }),
      recordingFixture({ id: 'ok', console_error_count: 0, console_warn_count: 0 }),
    ])
    expect(within(rowOf('bad')).getByText('3')).toHaveClass('rec-count-red')
    expect(within(rowOf('bad')).getByText('2')).toHaveClass('rec-count-amber')
    expect(rowOf('ok').querySelector('.rec-count-red, .rec-count-amber')).toBeNull()
  })

  it('marks unviewed rows and ongoing recordings in words', () => {
    renderTable([
      recordingFixture({ id: 'new', viewed: false, ongoing: true }),
      recordingFixture({ id: 'seen', viewed: true }),
    ])
    expect(within(rowOf('new')).getByRole('img', { name: 'Not viewed' })).toBeInTheDocument()
    expect(within(rowOf('new')).getByText('Ongoing')).toBeInTheDocument()
    expect(within(rowOf('seen')).queryByRole('img', { name: 'Not viewed' })).toBeNull()
  })

  it('shows the person by name, else by distinct id', () => {
    renderTable([
      recordingFixture({ id: 'named' }),
      recordingFixture({ id: 'anon', person: null, distinct_id: 'anon-123' }),
    ])
    expect(within(rowOf('named')).getByText('Ada Lovelace')).toBeInTheDocument()
    expect(within(rowOf('anon')).getByText('anon-123')).toBeInTheDocument()
  })

  it('sorts a column highest first on the first click, then flips it', async () => {
    const first = renderTable([recordingFixture()])
    await userEvent.click(screen.getByRole('button', { name: 'Errors' }))
    expect(first.onSortChange).toHaveBeenLastCalledWith('-console_error_count')
  })

  it('flips an active descending sort to ascending', async () => {
    const props = renderTable([recordingFixture()], { sort: '-duration' })
    expect(screen.getByRole('columnheader', { name: /Duration/ })).toHaveAttribute('aria-sort', 'descending')
    await userEvent.click(screen.getByRole('button', { name: 'Duration' }))
    expect(props.onSortChange).toHaveBeenLastCalledWith('duration')
  })

  it('selects one row or all of the page', async () => {
    const props = renderTable([recordingFixture({ id: 'a' }), recordingFixture({ id: 'b' })], {
      selected: new Set(['a']),
    })
    const all = screen.getByRole('checkbox', { name: 'Select all recordings on this page' }) as HTMLInputElement
    expect(all.indeterminate).toBe(true)
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select recording b' }))
    expect(props.onToggleSelect).toHaveBeenCalledWith('b')
    await userEvent.click(all)
    expect(props.onToggleAll).toHaveBeenCalledWith(true)
  })
})
