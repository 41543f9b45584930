import { useSyncExternalStore } from 'react'

// Which optional columns the recordings table shows: a preference of this browser (localStorage holds
// column names only, never anything secret), the same in every tab, kept across sessions.

export const OPTIONAL_COLUMNS = [
  { key: 'url', label: 'Start URL' },
  { key: 'duration', label: 'Duration' },
  { key: 'active', label: 'Active time' },
  { key: 'clicks', label: 'Clicks' },
  { key: 'keys', label: 'Key presses' },
  { key: 'mouse', label: 'Mouse activity' },
  { key: 'errors', label: 'Console errors' },
  { key: 'warnings', label: 'Console warnings' },
  { key: 'score', label: 'Activity score' },
] as const
export type ColumnKey = (typeof OPTIONAL_COLUMNS)[number]['key']

/** Few by default, so the start URL has room and a page of 100 rows stays light. */
export const DEFAULT_COLUMNS: readonly ColumnKey[] = ['url', 'duration', 'errors']

export const COLUMNS_STORAGE_KEY = 'analytics-admin:recordings:columns'
const KNOWN = new Set<string>(OPTIONAL_COLUMNS.map((c) => c.key))
const listeners = new Set<() => void>()
let cache: { raw: string | null; value: readonly ColumnKey[] } | null = null

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/** The chosen columns: the stored list (unknown names dropped), or the defaults when none or unreadable. */
export function parseColumns(raw: string | null): readonly ColumnKey[] {
  if (raw === null) return DEFAULT_COLUMNS
  try {
    const value: unknown = JSON.parse(raw)
    if (Array.isArray(value)) return value.filter((k): k is ColumnKey => typeof k === 'string' && KNOWN.has(k))
  } catch {
    // A hand-edited or corrupt value: the defaults.
  }
  return DEFAULT_COLUMNS
}

function read(): readonly ColumnKey[] {
  const raw = storage()?.getItem(COLUMNS_STORAGE_KEY) ?? null
  if (cache?.raw !== raw) cache = { raw, value: parseColumns(raw) }
  return cache.value
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  // Another tab changed them.
  const onStorage = (event: StorageEvent) => event.key === COLUMNS_STORAGE_KEY && listener()
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

function write(columns: readonly ColumnKey[] | null) {
  const store = storage()
  if (columns === null) store?.removeItem(COLUMNS_STORAGE_KEY)
  else store?.setItem(COLUMNS_STORAGE_KEY, JSON.stringify(columns))
  for (const listener of listeners) listener()
}

/** The visible optional columns, and ways to change them (saved for this browser). */
export function useRecordingColumns() {
  const visible = useSyncExternalStore(subscribe, read, () => DEFAULT_COLUMNS)
  return {
    visible,
    toggle: (key: ColumnKey) =>
      write(
        visible.includes(key)
          ? visible.filter((k) => k !== key)
          : OPTIONAL_COLUMNS.map((c) => c.key).filter((k) => k === key || visible.includes(k)),
      ),
    reset: () => write(null),
  }
}
