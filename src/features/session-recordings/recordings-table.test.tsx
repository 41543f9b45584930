// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { SessionRecording } from '../../contracts/session-recordings'
import { renderWithProviders } from '../../testing/render'
import { recordingFixture } from '../../testing/fixtures'
import { COLUMNS_STORAGE_KEY } from './recording-columns'
import { RecordingsTable } from './recordings-table'

afterEach(() => localStorage.clear())

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
  const { router } = renderWithProviders(<RecordingsTable {...props} />)
  return { ...props, router }
}

const rowOf = (id: string) => screen.getByRole('checkbox', { name: `Select recording ${id}` }).closest('tr')!

describe('RecordingsTable', () => {
  it('shows durations as "4m 12s" and numbers right-aligned', () => {
    localStorage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify(['url', 'duration', 'active']))
    renderTable([recordingFixture({ id: 'a', recording_duration: 252, active_seconds: 59 })])
    const row = within(rowOf('a'))
    expect(row.getByText('4m 12s')).toHaveClass('num')
    expect(row.getByText('59s')).toHaveClass('num')
  })

  it('gives the start URL room: few columns by default, the rest chosen in a chooser this browser remembers', async () => {
    renderTable([recordingFixture({ id: 'a', recording_duration: 252, active_seconds: 59, click_count: 7 })])
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim())
    expect(headers).toEqual(['', 'Start', 'Start URL', 'Duration', 'Errors', 'Actions'])
    await userEvent.click(screen.getByRole('button', { name: 'Choose columns' }))
    await userEvent.click(screen.getByRole('checkbox', { name: 'Active time' }))
    expect(within(rowOf('a')).getByText('59s')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('checkbox', { name: 'Start URL' }))
    expect(screen.queryByRole('columnheader', { name: 'Start URL' })).toBeNull()
    expect(JSON.parse(localStorage.getItem(COLUMNS_STORAGE_KEY)!)).toEqual(['duration', 'active', 'errors'])
    await userEvent.click(screen.getByRole('button', { name: 'Reset to defaults' }))
    expect(screen.getByRole('columnheader', { name: 'Start URL' })).toBeInTheDocument()
    expect(within(rowOf('a')).queryByText('59s')).toBeNull()
  })

  it('opens the recording from its start URL, leaves only by the external-link icon, and only for http(s)', () => {
    renderTable([
      recordingFixture({ id: 'safe', start_url: 'https://app.example.com/pricing?plan=team' }),
      recordingFixture({ id: 'evil', start_url: 'javascript:alert(document.cookie)' }),
    ])
    const text = within(rowOf('safe')).getByText('app.example.com/pricing?plan=team')
    expect(text.closest('a')).toHaveAttribute('href', '/projects/1/recordings/safe')
    expect(text.closest('a')).toHaveAttribute('title', 'https://app.example.com/pricing?plan=team')
    const leave = within(rowOf('safe')).getByRole('link', {
      name: 'Open https://app.example.com/pricing?plan=team in a new tab',
    })
    expect(leave).toHaveAttribute('href', 'https://app.example.com/pricing?plan=team')
    expect(leave).toHaveAttribute('target', '_blank')
    expect(leave).toHaveAttribute('rel', 'noopener noreferrer')
    const evil = within(rowOf('evil')).getByText('javascript:alert(document.cookie)')
    expect(evil.closest('a')).toBeNull()
    expect(within(rowOf('evil')).queryByRole('link', { name: /javascript/ })).toBeNull()
  })

  it('draws a page longer than the window whole (the rows beyond the first screen follow)', async () => {
    const ids = Array.from({ length: 100 }, (_, i) => `r${i}`)
    renderTable(ids.map((id) => recordingFixture({ id })))
    expect(await screen.findByRole('checkbox', { name: 'Select recording r99' })).toBeInTheDocument()
    const rows = screen.getAllByRole('row').slice(1)
    expect(rows.map((tr) => tr.getAttribute('data-row-id'))).toEqual(ids)
  })

  it('opens the recording in the page from its time link, and leaves a modified click to the browser', async () => {
    const { router } = renderTable([recordingFixture({ id: 'a' })])
    const link = rowOf('a').querySelector<HTMLAnchorElement>('a.rec-when')!
    expect(link).toHaveAttribute('href', '/projects/1/recordings/a')
    const modified = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true })
    link.dispatchEvent(modified)
    expect(modified.defaultPrevented).toBe(false)
    expect(router.state.location.pathname).toBe('/')
    await userEvent.click(link)
    expect(router.state.location.pathname).toBe('/projects/1/recordings/a')
  })

  it('highlights console errors and warnings only when there are some', () => {
    localStorage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify(['errors', 'warnings']))
    renderTable([
      recordingFixture({ id: 'bad', console_error_count: 3, console_warn_count: 2 }),
      recordingFixture({ id: 'ok', console_error_count: 0, console_warn_count: 0 }),
    ])
    expect(within(rowOf('bad')).getByText('3')).toHaveClass('rec-count-red')
    expect(within(rowOf('bad')).getByText('2')).toHaveClass('rec-count-amber')
    expect(rowOf('ok').querySelector('.rec-count-red, .rec-count-amber')).toBeNull()
  })

  it('marks unviewed rows in words and ongoing recordings with a badge', () => {
    renderTable([
      recordingFixture({ id: 'new', viewed: false, ongoing: true }),
      recordingFixture({ id: 'seen', viewed: true }),
    ])
    expect(within(rowOf('new')).getByRole('link', { name: /not viewed$/ })).toBeInTheDocument()
    expect(within(rowOf('new')).getByText('Ongoing')).toHaveClass('badge')
    expect(within(rowOf('new')).getByRole('link', { name: /not viewed$/ }).textContent).not.toContain('…')
    expect(within(rowOf('seen')).queryByRole('link', { name: /not viewed/ })).toBeNull()
  })

  it('shows the person by name, else by distinct id', () => {
    renderTable([
      recordingFixture({ id: 'named' }),
      recordingFixture({ id: 'anon', person: null, distinct_id: 'anon-123' }),
    ])
    expect(within(rowOf('named')).getByRole('link', { name: /Ada Lovelace/ })).toBeInTheDocument()
    expect(within(rowOf('anon')).getByRole('link', { name: /anon-123/ })).toBeInTheDocument()
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
