import { Link } from 'react-router-dom'
import { destinationTypeName, type BatchExport } from '../../contracts/batch-exports'
import type { Permission } from '../../lib/permissions'
import { Time } from '../../components/time'
import { INTERVAL_LABELS } from '../../lib/schedule'
import { destinationTarget } from './destination-label'
import { ExportStateBadge } from './export-state'
import { PauseButton } from './pause-button'
import { RunStatusBadge } from './run-status'
import './export-cards.css'

type Props = {
  orgId: string
  exports: BatchExport[]
  permission: Permission
  onTogglePause: (exp: BatchExport, paused: boolean) => void
  pendingFor: (id: string) => boolean
}

/** The list on narrow screens: one card per export instead of a table too wide to read. */
export function ExportCards({ orgId, exports, permission, onTogglePause, pendingFor }: Props) {
  return (
    <ul className="export-cards" aria-label="Batch exports">
      {exports.map((exp) => {
        const run = exp.latest_runs[0]
        return (
          <li key={exp.id} className="export-card">
            <div className="export-card-head">
              <Link to={`/orgs/${orgId}/batch-exports/${exp.id}`} className="export-card-name">
                {exp.name}
              </Link>
              <PauseButton
                exp={exp}
                permission={permission}
                onTogglePause={onTogglePause}
                pending={pendingFor(exp.id)}
              />
            </div>
            <span className="muted mono truncate">
              {destinationTarget(exp.destination) ?? destinationTypeName(exp.destination)}
            </span>
            <span className="export-card-meta">
              <ExportStateBadge exp={exp} />
              <span className="muted">
                {exp.model ?? 'events'} · {INTERVAL_LABELS[exp.interval]}
              </span>
            </span>
            <span className="export-card-meta">
              {run ? (
                <>
                  <RunStatusBadge status={run.status} />
                  <span className="muted">
                    <Time value={run.created_at} />
                  </span>
                </>
              ) : (
                <span className="muted">No runs yet</span>
              )}
            </span>
          </li>
        )
      })}
    </ul>
  )
}
