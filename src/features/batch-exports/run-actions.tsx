import { useState } from 'react'
import { RotateCcw, Square } from 'lucide-react'
import type { BatchExport, BatchExportRun } from '../../contracts/batch-exports'
import { ACTIVE_RUN_STATUSES } from '../../api/batch-exports'
import { useCancelRun, useRetryRun } from '../../api/batch-export-runs'
import { describeError } from '../../lib/api-error'
import type { Permission } from '../../lib/permissions'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { formatRangeInZone } from '../../lib/schedule-zone'
import { viewerTimeZone } from '../../lib/time'
import { runWindow } from './run-status'
import './batch-exports.css'

type Props = { orgId: string; exp: BatchExport; run: BatchExportRun; permission: Permission }

const windowText = (run: BatchExportRun) => {
  const { start, end } = runWindow(run)
  return formatRangeInZone(start, end, viewerTimeZone())
}

/**
 * A run's own actions: Cancel while it is queued, exporting or waiting for a retry (after a
 * confirmation), Retry once it has finished (its window exported again, as a new run).
 */
export function RunActions({ orgId, exp, run, permission }: Props) {
  const cancel = useCancelRun(orgId, exp)
  const retry = useRetryRun(orgId, exp)
  const [confirming, setConfirming] = useState(false)
  const active = ACTIVE_RUN_STATUSES.includes(run.status)
  const title = (action: string) =>
    permission.allowed ? `${action} the run of ${windowText(run)}` : (permission.reason ?? action)

  if (active)
    return (
      <>
        <button
          type="button"
          className="icon-btn"
          aria-label={`Cancel run of ${windowText(run)}`}
          title={title('Cancel')}
          aria-disabled={!permission.allowed || undefined}
          onClick={() => {
            if (!permission.allowed) return
            cancel.reset()
            setConfirming(true)
          }}
        >
          <Square size={14} aria-hidden />
        </button>
        <ConfirmDialog
          open={confirming}
          title="Cancel this run?"
          description={
            <>
              The run of <strong>{windowText(run)}</strong> stops
              {run.status === 'Running'
                ? ' at its next page; what it uploaded so far is discarded'
                : ' before it starts'}
              . The window is not exported unless you retry the run later.
            </>
          }
          confirmLabel="Cancel run"
          cancelLabel="Keep running"
          danger
          pending={cancel.isPending}
          error={cancel.error ? describeError(cancel.error) : null}
          onCancel={() => setConfirming(false)}
          onConfirm={() => cancel.mutate({ id: run.id, status: run.status }, { onSuccess: () => setConfirming(false) })}
        />
      </>
    )

  return (
    <button
      type="button"
      className="icon-btn"
      aria-label={`Retry run of ${windowText(run)}`}
      title={title('Retry')}
      aria-disabled={!permission.allowed || retry.isPending || undefined}
      onClick={() => {
        if (!permission.allowed || retry.isPending) return
        retry.mutate({ id: run.id, window: windowText(run) })
      }}
    >
      <RotateCcw size={14} aria-hidden />
    </button>
  )
}
