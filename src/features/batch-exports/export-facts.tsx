import type { ReactNode } from 'react'
import type { BatchExport } from '../../contracts/batch-exports'
import { CopyButton } from '../../components/copy-button'
import { Time } from '../../components/time'
import { INTERVAL_LABELS } from '../../lib/schedule'
import { destinationTarget } from './destination-label'

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** What, where, how often and since when — one dense row under the header. */
export function ExportFacts({ exp }: { exp: BatchExport }) {
  const target = destinationTarget(exp.destination)
  const s3 = exp.destination.type === 'S3' ? exp.destination.config : null
  return (
    <dl className="export-facts card">
      <Fact label="Destination">
        <span className="fact-line">
          {exp.destination.type !== 'S3' && <span>{exp.destination.type}</span>}
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
      <Fact label="Interval">{INTERVAL_LABELS[exp.interval]}</Fact>
      <Fact label="Schedule">
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
      <Fact label="Created">
        <Time value={exp.created_at} />
      </Fact>
      <Fact label="Updated">
        <Time value={exp.last_updated_at} />
      </Fact>
    </dl>
  )
}
