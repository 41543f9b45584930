import { Pause, Play } from 'lucide-react'
import type { BatchExport } from '../../contracts/batch-exports'
import type { Permission } from '../../lib/permissions'
import './batch-exports.css'

type Props = {
  exp: BatchExport
  permission: Permission
  onTogglePause: (exp: BatchExport, paused: boolean) => void
  pending: boolean
}

/** The list's icon button that pauses or resumes one export; says why when the key cannot. */
export function PauseButton({ exp, permission, onTogglePause, pending }: Props) {
  const label = `${exp.paused ? 'Resume' : 'Pause'} ${exp.name}`
  return (
    <button
      type="button"
      className="icon-btn"
      aria-label={label}
      title={permission.allowed ? label : (permission.reason ?? undefined)}
      aria-disabled={!permission.allowed || pending || undefined}
      onClick={() => permission.allowed && !pending && onTogglePause(exp, !exp.paused)}
    >
      {exp.paused ? <Play size={15} aria-hidden /> : <Pause size={15} aria-hidden />}
    </button>
  )
}
