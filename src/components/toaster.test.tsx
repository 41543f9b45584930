// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { getToasts, toast } from './toast'
import { Toaster } from './toaster'

afterEach(() => {
  act(() => getToasts().forEach((t) => toast.dismiss(t.id)))
  vi.useRealTimers()
})

const items = () => within(screen.getByRole('region', { name: /^Notifications/ })).queryAllByRole('listitem')

describe('Toaster', () => {
  it('shows toasts raised before it mounted, each with its reason', () => {
    toast.error('Could not pause “Nightly”', { description: 'Try later. It is still active.' })
    render(<Toaster />)
    expect(items()).toHaveLength(1)
    expect(items()[0]).toHaveTextContent('Could not pause “Nightly”Try later. It is still active.')
  })

  it('replaces a toast raised again under its id instead of stacking a second one', () => {
    render(<Toaster />)
    act(() => void toast.loading('Deleting 3 recordings…', { id: 'bulk' }))
    act(() => void toast.success('Deleted 3 recordings.', { id: 'bulk' }))
    expect(items()).toHaveLength(1)
    expect(items()[0]).toHaveTextContent('Deleted 3 recordings.')
  })

  it('closes a toast when its time is up, but not while the pointer is on the stack', () => {
    vi.useFakeTimers()
    render(<Toaster />)
    act(() => void toast.success('Created Nightly', { duration: 1000 }))
    fireEvent.pointerEnter(screen.getByRole('region', { name: /^Notifications/ }))
    act(() => vi.advanceTimersByTime(5000))
    expect(items()).toHaveLength(1)
    fireEvent.pointerLeave(screen.getByRole('region', { name: /^Notifications/ }))
    act(() => vi.advanceTimersByTime(999))
    expect(items()).toHaveLength(1)
    act(() => vi.advanceTimersByTime(1))
    expect(items()).toHaveLength(0)
  })

  it('keeps a loading toast until it is dismissed', () => {
    vi.useFakeTimers()
    render(<Toaster />)
    act(() => void toast.loading('Too many requests — retrying in 1 s…', { id: 'wait' }))
    act(() => vi.advanceTimersByTime(60_000))
    expect(items()).toHaveLength(1)
    act(() => toast.dismiss('wait'))
    expect(items()).toHaveLength(0)
  })

  it('shows the answer an action raises under the same id', () => {
    render(<Toaster />)
    const undo = () => void toast.success('Undone: 2 recordings kept', { id: 'bulk' })
    act(() => void toast('Deleting 2 recordings…', { id: 'bulk', action: { label: 'Undo', onClick: undo } }))
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }))
    expect(items()).toHaveLength(1)
    expect(items()[0]).toHaveTextContent('Undone: 2 recordings kept')
  })

  it('runs its action once and closes; the close button closes too', () => {
    const undo = vi.fn()
    render(<Toaster />)
    act(() => void toast('Deleting 2 recordings…', { action: { label: 'Undo', onClick: undo } }))
    act(() => void toast.info('Wait for the current bulk delete to finish.'))
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }))
    expect(undo).toHaveBeenCalledTimes(1)
    expect(items()).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: 'Close toast' }))
    expect(items()).toHaveLength(0)
  })
})
