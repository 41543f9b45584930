import { describe, expect, it } from 'vitest'
import { moveIndex, triageAction } from './triage-keys'

const on = (key: string, tagName = 'BODY', extra: Record<string, unknown> = {}) =>
  triageAction({ key, target: { tagName, ...extra } })

describe('triage keys', () => {
  it('maps the triage keys to actions', () => {
    expect(on('j')).toEqual({ type: 'move', delta: 1 })
    expect(on('ArrowDown')).toEqual({ type: 'move', delta: 1 })
    expect(on('k')).toEqual({ type: 'move', delta: -1 })
    expect(on('Enter', 'TR')).toEqual({ type: 'open' })
    expect(on('v')).toEqual({ type: 'toggle-viewed' })
    expect(on('x')).toEqual({ type: 'toggle-select' })
    expect(on('Delete')).toEqual({ type: 'delete' })
    expect(on('Backspace')).toEqual({ type: 'delete' })
    expect(on('?')).toEqual({ type: 'help' })
    expect(on('Escape')).toEqual({ type: 'clear' })
    expect(on('q')).toBeNull()
  })

  it('never fires while typing in a field', () => {
    for (const tag of ['INPUT', 'TEXTAREA', 'SELECT']) expect(on('j', tag)).toBeNull()
    expect(on('v', 'DIV', { isContentEditable: true })).toBeNull()
    // A row checkbox has focus after a click: the shortcuts keep working there.
    expect(on('j', 'INPUT', { type: 'checkbox' })).toEqual({ type: 'move', delta: 1 })
  })

  it('leaves Enter to links and buttons, and ignores modified keys', () => {
    expect(on('Enter', 'A')).toBeNull()
    expect(on('Enter', 'BUTTON')).toBeNull()
    expect(on('Enter', 'INPUT', { type: 'checkbox' })).toBeNull()
    expect(triageAction({ key: 'k', metaKey: true, target: { tagName: 'BODY' } })).toBeNull()
    expect(triageAction({ key: 'x', ctrlKey: true, target: { tagName: 'BODY' } })).toBeNull()
    expect(triageAction({ key: 'j', altKey: true, target: { tagName: 'BODY' } })).toBeNull()
  })

  it('moves the active row within the page, starting at the first', () => {
    expect(moveIndex(null, 1, 5)).toBe(0)
    expect(moveIndex(null, -1, 5)).toBe(4)
    expect(moveIndex(2, 1, 5)).toBe(3)
    expect(moveIndex(4, 1, 5)).toBe(4)
    expect(moveIndex(0, -1, 5)).toBe(0)
    expect(moveIndex(null, 1, 0)).toBeNull()
  })
})
