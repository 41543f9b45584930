import type { BatchExport } from '../../contracts'
import { Badge } from '../../components/badge'
import { Time } from '../../components/time'

/** Active (green) or Paused (amber), with when it was paused. */
export function ExportStateBadge({ exp, showSince = true }: { exp: BatchExport; showSince?: boolean }) {
  if (!exp.paused) return <Badge tone="green">Active</Badge>
  return (
    <span className="state-cell">
      <Badge tone="amber">Paused</Badge>
      {showSince && exp.last_paused_at && (
        <span className="muted">
          since <Time value={exp.last_paused_at} />
        </span>
      )}
    </span>
  )
}
