import type { ReactNode } from 'react'
import { RUNNABLE_DESTINATION_TYPES, destinationTypeName, type BatchExport } from '../../contracts/batch-exports'
import { upstreamIsPostHog } from '../../api/upstream'
import { CopyButton } from '../../components/copy-button'
import { Time } from '../../components/time'
import { describeSchedule, previewSchedule, type ScheduleInput } from '../../lib/schedule'
import { formatInZone } from '../../lib/schedule-zone'
import { viewerTimeZone } from '../../lib/time'
import { destinationTarget } from './destination-label'
import { useNow } from './use-now'
import './export-facts.css'

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

export const scheduleInputOf = (exp: BatchExport): ScheduleInput => ({
  interval: exp.interval,
  timezone: exp.timezone ?? 'UTC',
  offsetDay: exp.offset_day ?? null,
  offsetHour: exp.offset_hour ?? null,
  startAt: exp.start_at,
  endAt: exp.end_at,
})

/** When the next window closes and its run starts; why none will when paused, ended or not runnable here. */
function NextRun({ exp }: { exp: BatchExport }) {
  const now = useNow()
  if (exp.paused) return <span className="muted">None while paused</span>
  const next = previewSchedule(scheduleInputOf(exp), now, 1).windows[0]
  if (!next) return <span className="muted">None: the schedule has ended</span>
  return (
    <span className="fact-line" title={`${formatInZone(next.end, viewerTimeZone(), { year: true })}`}>
      <Time value={next.end.toISOString()} />
      <span className="muted">{formatInZone(next.end, viewerTimeZone())}</span>
    </span>
  )
}

/** What, where, how often and since when — one dense row under the header. */
export function ExportFacts({ exp }: { exp: BatchExport }) {
  // Against a real PostHog every type runs there; the reference server runs only its own.
  const runsHere =
    upstreamIsPostHog() || (RUNNABLE_DESTINATION_TYPES as readonly string[]).includes(exp.destination.type)
  const target = destinationTarget(exp.destination)
  const s3 = exp.destination.type === 'S3' ? exp.destination.config : null
  return (
    <dl className="export-facts card">
      <Fact label="Destination">
        <span className="fact-line">
          {exp.destination.type !== 'S3' && <span>{destinationTypeName(exp.destination)}</span>}
          {target && (
            <>
              <span className="mono truncate" title={target}>
                {target}
              </span>
              <CopyButton value={target} label="Copy destination" />
            </>
          )}
        </span>
        {s3 && (
          <span className="muted fact-sub">
            {[
              s3.region,
              s3.file_format,
              s3.compression ?? 'uncompressed',
              s3.encryption ? `encrypted (${s3.encryption})` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        )}
      </Fact>
      <Fact label="Model">{exp.model ?? 'events'}</Fact>
      <Fact label="Schedule">{describeSchedule(scheduleInputOf(exp))}</Fact>
      <Fact label="Next run">
        <NextRun exp={exp} />
      </Fact>
      <Fact label="Runs between">
        {exp.start_at || exp.end_at ? (
          <span className="fact-line">
            {exp.start_at ? <Time value={exp.start_at} format="absolute" /> : 'Open start'}
            <span className="muted">→</span>
            {exp.end_at ? <Time value={exp.end_at} format="absolute" /> : 'no end'}
          </span>
        ) : (
          <span className="muted">No start or end</span>
        )}
      </Fact>
      {!runsHere && (
        <Fact label="Runs here">
          <span className="muted">No: this server does not export to {destinationTypeName(exp.destination)}</span>
        </Fact>
      )}
      <Fact label="Created">
        <Time value={exp.created_at} />
      </Fact>
      <Fact label="Updated">
        <Time value={exp.last_updated_at} />
      </Fact>
    </dl>
  )
}

/**
 * The settings of a destination the console cannot read as one of its types (see the contract's
 * `Unreadable`): shown as PostHog answered them, to read, since a form could not keep what it does not show.
 */
export function UnreadableSettings({ exp }: { exp: BatchExport }) {
  if (exp.destination.type !== 'Unreadable') return null
  return (
    <section className="card export-config" aria-labelledby="export-config-title">
      <h2 id="export-config-title" className="section-title">
        {exp.destination.declared} settings <span className="muted">(read-only)</span>
      </h2>
      <p className="muted">
        This console does not know {exp.destination.declared} destinations or these settings, so it shows them as
        PostHog answered and does not edit them. Change them in PostHog.
      </p>
      <pre className="mono">{JSON.stringify(exp.destination.config, null, 2)}</pre>
    </section>
  )
}
