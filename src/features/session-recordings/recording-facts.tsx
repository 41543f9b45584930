import type { ReactNode } from 'react'
import type { SessionRecording } from '../../contracts/session-recordings'
import { CopyButton } from '../../components/copy-button'
import { Time } from '../../components/time'
import { formatDuration } from '../../lib/time'
import { Count, StartUrl, formatScore } from './recording-cells'
import './recordings.css'
import './recording-facts.css'

const yesNo = (value: boolean | null | undefined) =>
  value === null || value === undefined ? '—' : value ? 'Yes' : 'No'

const STORAGE: Record<string, string> = { object_storage: 'Object storage', object_storage_lts: 'Long-term storage' }

/** Every field of a recording, as a readable list. */
export function RecordingFacts({ recording: r }: { recording: SessionRecording }) {
  const facts: [string, ReactNode][] = [
    [
      'Session ID',
      <span className="rec-with-copy">
        <span className="mono">{r.id}</span>
        <CopyButton value={r.id} label="Copy session ID" />
      </span>,
    ],
    ['Start URL', <StartUrl value={r.start_url} full />],
    ['Started', <Time value={r.start_time} format="absolute" />],
    ['Ended', <Time value={r.end_time} format="absolute" />],
    ['Duration', formatDuration(r.recording_duration)],
    ['Active time', formatDuration(r.active_seconds)],
    ['Inactive time', formatDuration(r.inactive_seconds)],
    ['Clicks', <Count value={r.click_count} />],
    ['Keypresses', <Count value={r.keypress_count} />],
    ['Mouse activity', <Count value={r.mouse_activity_count} />],
    ['Console logs', <Count value={r.console_log_count} />],
    ['Console warnings', <Count value={r.console_warn_count} tone="amber" />],
    ['Console errors', <Count value={r.console_error_count} tone="red" />],
    ['Activity score', formatScore(r.activity_score)],
    ['Viewed', yesNo(r.viewed)],
    ['Ongoing', yesNo(r.ongoing)],
    ['Storage', r.storage ? (STORAGE[r.storage] ?? r.storage) : '—'],
    ['Snapshot source', r.snapshot_source ?? '—'],
    ['Distinct ID', r.distinct_id ? <span className="mono">{r.distinct_id}</span> : '—'],
  ]
  return (
    <section className="card rec-card" aria-labelledby="rec-facts-title">
      <h2 id="rec-facts-title" className="section-title">
        Recording
      </h2>
      <dl className="rec-dl">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
