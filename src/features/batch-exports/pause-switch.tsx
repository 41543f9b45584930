import type { BatchExport } from '../../contracts/batch-exports'
import type { Permission } from '../../lib/permissions'
import { Switch } from '../../components/switch'
import { formatRelative } from '../../lib/time'
import { ResumeDialog } from './resume-dialog'
import { usePauseToggle } from './use-pause-toggle'
import './pause-switch.css'

/**
 * The header's on/off switch: flips at once, flips back with a toast if the server refuses; resuming
 * after missed windows asks first whether to backfill them.
 */
export function PauseSwitch({ orgId, exp, permission }: { orgId: string; exp: BatchExport; permission: Permission }) {
  const { toggle, resuming, closeResume } = usePauseToggle(orgId)
  const description = exp.paused
    ? exp.last_paused_at
      ? `Paused ${formatRelative(exp.last_paused_at)}`
      : 'Paused'
    : 'Running on schedule'
  return (
    <>
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
      {/* Outside the switch's box: its styles (one-line, amber help text) are not the dialog's. */}
      {resuming && <ResumeDialog orgId={orgId} exp={resuming} onClose={closeResume} />}
    </>
  )
}
