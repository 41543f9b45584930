import { Link } from 'react-router-dom'
import { ChevronRight } from 'lucide-react'
import { destinationTypeName, type BatchExport } from '../../contracts/batch-exports'
import type { Permission } from '../../lib/permissions'
import type { Column } from '../../components/table'
import { Time } from '../../components/time'
import { INTERVAL_LABELS } from '../../lib/schedule'
import { destinationTarget } from './destination-label'
import { ExportStateBadge } from './export-state'
import { PauseButton } from './pause-button'
import { RunStatusBadge } from './run-status'
import './batch-exports.css'
import './export-columns.css'

type Options = {
  orgId: string
  /** Project names by id, for the Project column (absent: the column is left out). */
  projectNames?: ReadonlyMap<number, string>
  permission: Permission
  onTogglePause: (exp: BatchExport, paused: boolean) => void
  pendingFor: (id: string) => boolean
}

/** Columns of the exports list: what, where, how often, its state, and how the last run went. */
export function exportColumns(options: Options): Column<BatchExport>[] {
  const { orgId, permission, onTogglePause, pendingFor, projectNames } = options
  const project: Column<BatchExport>[] = projectNames
    ? [
        {
          key: 'project',
          header: 'Project',
          cell: (exp) => <span className="nowrap">{projectNames.get(exp.team_id) ?? `Project ${exp.team_id}`}</span>,
          secondary: true,
        },
      ]
    : []
  return [
    {
      key: 'name',
      header: 'Name',
      cell: (exp) => (
        <div className="cell-title name-cell">
          <Link to={`/orgs/${orgId}/batch-exports/${exp.id}`}>{exp.name}</Link>
          <span className="muted">{exp.model ?? 'events'}</span>
        </div>
      ),
    },
    {
      key: 'destination',
      header: 'Destination',
      cell: (exp) => {
        const target = destinationTarget(exp.destination)
        return (
          <div className="cell-title destination-cell">
            <span>{destinationTypeName(exp.destination)}</span>
            {target && (
              <span className="muted mono truncate" title={target}>
                {target}
              </span>
            )}
          </div>
        )
      },
    },
    ...project,
    {
      key: 'interval',
      header: 'Interval',
      cell: (exp) => <span className="nowrap">{INTERVAL_LABELS[exp.interval]}</span>,
      secondary: true,
    },
    { key: 'state', header: 'State', cell: (exp) => <ExportStateBadge exp={exp} stacked /> },
    {
      key: 'latest',
      header: 'Latest run',
      cell: (exp) => {
        const run = exp.latest_runs[0]
        if (!run) return <span className="muted">No runs yet</span>
        return (
          <span className="cell-stack">
            <RunStatusBadge status={run.status} />
            <span className="muted">
              <Time value={run.created_at} />
            </span>
          </span>
        )
      },
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'right',
      width: '84px',
      cell: (exp) => (
        <span className="row-actions">
          <PauseButton exp={exp} permission={permission} onTogglePause={onTogglePause} pending={pendingFor(exp.id)} />
          <Link
            className="icon-btn"
            to={`/orgs/${orgId}/batch-exports/${exp.id}`}
            aria-label={`Open ${exp.name}`}
            title={`Open ${exp.name}`}
          >
            <ChevronRight size={16} aria-hidden />
          </Link>
        </span>
      ),
    },
  ]
}
