/** Keyboard triage of the recordings list: what each key does, decided without touching the DOM. */
export type TriageAction =
  | { type: 'move'; delta: 1 | -1 }
  | { type: 'open' }
  | { type: 'toggle-viewed' }
  | { type: 'toggle-select' }
  | { type: 'delete' }
  | { type: 'help' }
  | { type: 'clear' }

export type Shortcut = { keys: string[]; description: string }

export const LIST_SHORTCUTS: Shortcut[] = [
  { keys: ['j', '↓'], description: 'Next recording' },
  { keys: ['k', '↑'], description: 'Previous recording' },
  { keys: ['Enter'], description: 'Open the recording' },
  { keys: ['v'], description: 'Mark viewed / unviewed' },
  { keys: ['x'], description: 'Select / unselect for bulk actions' },
  { keys: ['Delete'], description: 'Delete the selection (or the current recording)' },
  { keys: ['Esc'], description: 'Clear the selection' },
  { keys: ['?'], description: 'Show these shortcuts' },
]

export const DETAIL_SHORTCUTS: Shortcut[] = [
  { keys: ['j', '↓'], description: 'Next recording in the list' },
  { keys: ['k', '↑'], description: 'Previous recording in the list' },
  { keys: ['v'], description: 'Mark viewed / unviewed' },
  { keys: ['Delete'], description: 'Delete this recording' },
  { keys: ['Space'], description: 'Play / pause' },
  { keys: ['←', '→'], description: 'Seek 10 seconds back / forward' },
  { keys: ['f'], description: 'Full screen' },
  { keys: ['?'], description: 'Show these shortcuts' },
]

export type KeyInput = {
  key: string
  ctrlKey?: boolean
  metaKey?: boolean
  altKey?: boolean
  /** What the event came from: typing in a field is never a shortcut. */
  target?: { tagName?: string; isContentEditable?: boolean; type?: string } | null
}

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT'])
// Enter and Space already mean something on these; the shortcut must not steal it.
const ACTIVATES = new Set(['A', 'BUTTON', 'SUMMARY'])

export function triageAction(event: KeyInput): TriageAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null
  const tag = event.target?.tagName?.toUpperCase() ?? ''
  if (event.target?.isContentEditable) return null
  if (TYPING.has(tag) && !(tag === 'INPUT' && event.target?.type === 'checkbox')) return null
  switch (event.key) {
    case 'j':
    case 'ArrowDown':
      return { type: 'move', delta: 1 }
    case 'k':
    case 'ArrowUp':
      return { type: 'move', delta: -1 }
    case 'Enter':
      return ACTIVATES.has(tag) || tag === 'INPUT' ? null : { type: 'open' }
    case 'v':
      return { type: 'toggle-viewed' }
    case 'x':
      return { type: 'toggle-select' }
    case 'Delete':
    case 'Backspace':
      return { type: 'delete' }
    case '?':
      return { type: 'help' }
    case 'Escape':
      return { type: 'clear' }
    default:
      return null
  }
}

/** The next active row: the first row when none is active yet, clamped at both ends. */
export function moveIndex(current: number | null, delta: 1 | -1, length: number): number | null {
  if (length === 0) return null
  if (current === null) return delta === 1 ? 0 : length - 1
  return Math.min(length - 1, Math.max(0, current + delta))
}
