import { memo } from 'react'
import { clock } from './clock'
import type { ConsoleEntry } from './timeline'
import './console-pane.css'

const SHOWN = 1000

const Row = memo(function Row({
  entry,
  current,
  onSeek,
}: {
  entry: ConsoleEntry
  current: boolean
  onSeek: (ms: number) => void
}) {
  return (
    <li>
      <button
        type="button"
        className={`console-row console-${entry.level}`}
        aria-current={current || undefined}
        title={entry.trace ? `${entry.message}\n${entry.trace}` : entry.message}
        onClick={() => onSeek(entry.at)}
      >
        <span className="console-time num">{clock(entry.at)}</span>
        <span className="console-level">{entry.level}</span>
        {/* Captured text: rendered as text, never as markup. */}
        <span className="console-message">{entry.message || '(empty)'}</span>
      </button>
    </li>
  )
})

/** The index of the last entry at or before `time` (entries are in time order). */
function currentIndex(entries: ConsoleEntry[], time: number) {
  let lo = 0
  let hi = entries.length - 1
  let found = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (entries[mid]!.at <= time) {
      found = mid
      lo = mid + 1
    } else hi = mid - 1
  }
  return found
}

/** The recording's console, in time order; a click seeks the player there. */
export function ConsolePane({
  entries,
  time,
  onSeek,
}: {
  entries: ConsoleEntry[]
  time: number
  onSeek: (ms: number) => void
}) {
  const count = (level: string) =>
    entries.filter((e) => e.level === level || (level === 'log' && (e.level === 'info' || e.level === 'debug'))).length
  const current = currentIndex(entries, time)
  return (
    <aside className="player-console" aria-label="Console">
      <header className="player-console-header">
        <h2>Console</h2>
        <span className="muted num">
          {count('log')} log · <span className={count('warn') ? 'text-amber' : undefined}>{count('warn')} warn</span> ·{' '}
          <span className={count('error') ? 'text-red' : undefined}>{count('error')} error</span>
        </span>
      </header>
      {entries.length === 0 ? (
        <p className="player-console-empty muted">Nothing was logged to the console in this recording.</p>
      ) : (
        <ol className="player-console-list">
          {entries.slice(0, SHOWN).map((entry, i) => (
            <Row key={i} entry={entry} current={i === current} onSeek={onSeek} />
          ))}
          {entries.length > SHOWN && (
            <li className="muted player-console-more">
              {entries.length - SHOWN} more entries are not listed; their errors are on the seek bar.
            </li>
          )}
        </ol>
      )}
    </aside>
  )
}
