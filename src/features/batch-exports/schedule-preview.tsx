import { CalendarClock } from 'lucide-react'
import type { BatchExportInterval } from '../../contracts/batch-exports'
import { Badge } from '../../components/badge'
import { describeSchedule, previewSchedule } from '../../lib/schedule'
import { formatRangeInZone } from '../../lib/schedule-zone'
import { formatRelative } from '../../lib/time'
import { useNow } from './use-now'
import './schedule-preview.css'

type Props = {
  interval: BatchExportInterval
  offsetDay: number | null
  offsetHour: number | null
  startAt: string | null
  endAt: string | null
  paused: boolean
  timeZone: string
}

/** The next five data windows the settings would export, in the chosen zone and in UTC. */
export function SchedulePreview({ interval, offsetDay, offsetHour, startAt, endAt, paused, timeZone }: Props) {
  const now = useNow()
  const input = { interval, timezone: timeZone, offsetDay, offsetHour, startAt, endAt, paused }
  const preview = previewSchedule(input, now)
  const first = preview.windows[0]

  return (
    <aside className="schedule-preview" aria-labelledby="schedule-preview-title">
      <div className="schedule-preview-head">
        <CalendarClock size={15} aria-hidden className="muted" />
        <h3 id="schedule-preview-title" className="schedule-preview-title">
          Next runs
        </h3>
        {preview.state === 'paused' && <Badge tone="amber">Paused</Badge>}
        {preview.state === 'ended' && <Badge tone="grey">Ended</Badge>}
      </div>
      <p className="field-help" aria-live="polite">
        {preview.state === 'invalid'
          ? 'The end must be after the start.'
          : preview.state === 'ended'
            ? 'No further window fits before the end of the schedule: nothing more will run.'
            : preview.state === 'paused'
              ? 'Paused: nothing runs until you resume. After resuming, these windows would run:'
              : preview.waitsForStart && first
                ? `Waits for the start: the first run is ${formatRelative(first.end, now)}.`
                : `${describeSchedule(input)}. Each run exports the window that just closed${
                    interval === 'day' || interval === 'week' ? '' : ' (UTC-aligned)'
                  }.`}
      </p>
      {preview.windows.length > 0 && (
        <ol
          className="schedule-windows"
          data-paused={preview.state === 'paused' || undefined}
          aria-label="Next data windows"
        >
          {preview.windows.map((w) => (
            <li key={w.start.getTime()}>
              <span className="num">{formatRangeInZone(w.start, w.end, timeZone)}</span>
              <span className="muted num">
                {timeZone !== 'UTC' && `${formatRangeInZone(w.start, w.end, 'UTC', { compact: true })} UTC · `}runs{' '}
                {formatRelative(w.end, now)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </aside>
  )
}
