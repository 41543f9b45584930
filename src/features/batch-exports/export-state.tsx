import type { BatchExport } from '../../contracts/batch-exports'
import { Badge } from '../../components/badge'
import { Time } from '../../components/time'
import './batch-exports.css'

/** Active (green) or Paused (amber), with when it was paused (under it when `stacked`). */
export function ExportStateBadge({
  exp,
  showSince = true,
  stacked = false,
}: {
  exp: BatchExport
  showSince?: boolean
  stacked?: boolean
}) {
  if (!exp.paused) return <Badge tone="green">Active</Badge>
  return (
    <span className={stacked ? 'cell-stack' : 'state-cell'}>
      <Badge tone="amber">Paused</Badge>
      {showSince && exp.last_paused_at && (
        <span className="muted">
          since <Time value={exp.last_paused_at} />
        </span>
      )}
    </span>
  )
}
