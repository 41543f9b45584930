import { useState } from 'react'
import { missedWindows, nextWindowEnd } from '../../contracts/batch-export-schedule'
import type { BatchExport } from '../../contracts/batch-exports'
import { useUnpause } from '../../api/batch-export-runs'
import { Button } from '../../components/button'
import { Callout } from '../../components/callout'
import { Dialog } from '../../components/dialog'
import { describeError } from '../../lib/api-error'
import { formatNumber, plural } from '../../lib/format'
import { formatInZone, formatRangeInZone } from '../../lib/schedule-zone'
import { formatRelative, viewerTimeZone } from '../../lib/time'
import './resume-dialog.css'

/** The server backfills at most this many missed windows on resume. */
const MAX_MISSED = 1000

export const scheduleOfExport = (exp: BatchExport) => ({
  interval: exp.interval,
  timezone: exp.timezone ?? 'UTC',
  offset_day: exp.offset_day ?? null,
  offset_hour: exp.offset_hour ?? null,
  start_at: exp.start_at,
  end_at: exp.end_at,
})

/** The windows that closed while the export was paused (what resuming with a backfill exports). */
export function missedWhilePaused(exp: BatchExport, now = Date.now()) {
  if (!exp.paused || !exp.last_paused_at) return []
  return missedWindows(scheduleOfExport(exp), Date.parse(exp.last_paused_at), now, MAX_MISSED + 1)
}

type Props = { orgId: string; exp: BatchExport; onClose: () => void }

/**
 * Resuming an export that missed windows while paused: says how many and which, and lets the
 * user backfill them or skip them (PostHog's `unpause` with or without `backfill`).
 */
export function ResumeDialog({ orgId, exp, onClose }: Props) {
  const [now] = useState(() => Date.now())
  const [choice, setChoice] = useState<'backfill' | 'skip'>('backfill')
  const unpause = useUnpause(orgId)
  const zone = viewerTimeZone()
  const missed = missedWhilePaused(exp, now)
  const shown = missed.slice(0, MAX_MISSED)
  const first = shown[0]
  const last = shown.at(-1)
  const next = nextWindowEnd(scheduleOfExport(exp), now)
  const count = missed.length > MAX_MISSED ? `${formatNumber(MAX_MISSED)}+` : formatNumber(missed.length)

  const resume = () =>
    unpause.mutate(
      {
        id: exp.id,
        name: exp.name,
        backfill: choice === 'backfill',
        next:
          choice === 'backfill'
            ? `Backfilling ${plural(Math.min(missed.length, MAX_MISSED), 'missed window')}.`
            : `The next run exports the window closing ${formatRelative(new Date(next), new Date(now))}.`,
      },
      { onSuccess: onClose },
    )

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Resume ${exp.name}?`}
      description={
        <>
          {count} {missed.length === 1 ? 'window' : 'windows'} closed while it was paused
          {exp.last_paused_at ? ` (since ${formatInZone(new Date(exp.last_paused_at), zone)})` : ''}.
          {first && last && (
            <>
              {' '}
              From {formatRangeInZone(new Date(first.start), new Date(first.end), zone)}
              {shown.length > 1 && <> to {formatRangeInZone(new Date(last.start), new Date(last.end), zone)}</>}.
            </>
          )}
        </>
      }
      footer={
        <div className="dialog-footer">
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" loading={unpause.isPending} onClick={resume}>
            {choice === 'backfill' ? `Resume and backfill ${count}` : 'Resume'}
          </Button>
        </div>
      }
    >
      <fieldset className="choice-list">
        <legend className="visually-hidden">Missed windows</legend>
        <label className="choice">
          <input type="radio" name="missed" checked={choice === 'backfill'} onChange={() => setChoice('backfill')} />
          <span>
            <strong>Backfill the missed windows</strong>
            <span className="field-help">
              One run per window, oldest first
              {missed.length > MAX_MISSED
                ? `; the ${formatNumber(MAX_MISSED)} oldest now, backfill the rest later`
                : ''}
              .
            </span>
          </span>
        </label>
        <label className="choice">
          <input type="radio" name="missed" checked={choice === 'skip'} onChange={() => setChoice('skip')} />
          <span>
            <strong>Skip them</strong>
            <span className="field-help">
              Resume from the next window, which closes {formatRelative(new Date(next), new Date(now))} (
              {formatInZone(new Date(next), zone)}). You can backfill the gap later.
            </span>
          </span>
        </label>
      </fieldset>
      {unpause.error && (
        <Callout tone="danger" role="alert">
          Could not resume: {describeError(unpause.error)} It is still paused.
        </Callout>
      )}
    </Dialog>
  )
}
