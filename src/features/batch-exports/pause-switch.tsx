import type { BatchExport } from '../../contracts/batch-exports'
import type { Permission } from '../../lib/permissions'
import { Switch } from '../../components/switch'
import { formatRelative } from '../../lib/time'
import { usePauseToggle } from './use-pause-toggle'

/** The header's on/off switch: flips at once, flips back with a toast if the server refuses. */
export function PauseSwitch({ orgId, exp, permission }: { orgId: string; exp: BatchExport; permission: Permission }) {
  const { toggle } = usePauseToggle(orgId)
  const description = exp.paused
    ? exp.last_paused_at
      ? `Paused ${formatRelative(exp.last_paused_at)}`
      : 'Paused'
    : 'Running on schedule'
  return (
    <div className="pause-switch" data-paused={exp.paused || undefined}>
      <Switch
        label="Active"
        description={description}
        checked={!exp.paused}
        onChange={(active) => toggle(exp, !active)}
        disabled={!permission.allowed}
        disabledReason={permission.reason}
      />
    </div>
  )
}
