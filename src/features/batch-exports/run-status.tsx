import type { BatchExportRun, RunStatus } from '../../contracts/batch-exports'
import { Badge, type BadgeTone } from '../../components/badge'
import type { DataWindow } from '../../lib/schedule'

/** One meaning per colour (UI.md): green done, blue in progress, amber attention, red failed, grey cancelled. */
export const RUN_STATUS_TONE: Record<RunStatus, BadgeTone> = {
  Completed: 'green',
  Running: 'blue',
  Starting: 'blue',
  FailedRetryable: 'amber',
  ContinuedAsNew: 'amber',
  Failed: 'red',
  FailedBilling: 'red',
  TimedOut: 'red',
  Terminated: 'red',
  Cancelled: 'grey',
}

/** What each status means, in a sentence (shown on hover). */
export const RUN_STATUS_HELP: Record<RunStatus, string> = {
  Completed: 'Every record in the window was exported.',
  Running: 'Exporting now.',
  Starting: 'Queued; it will start shortly.',
  FailedRetryable: 'Failed with a temporary error; it will be retried.',
  ContinuedAsNew: 'Split into a new run that carries on from here.',
  Failed: 'Failed and will not be retried.',
  FailedBilling: 'Not run: batch exports are not included in the current plan.',
  TimedOut: 'Took longer than allowed and was stopped.',
  Terminated: 'Stopped by an operator.',
  Cancelled: 'Cancelled before it finished.',
}

/** A run's status as a coloured badge whose text is the status itself (never colour alone). */
export function RunStatusBadge({ status }: { status: RunStatus }) {
  return (
    <Badge tone={RUN_STATUS_TONE[status]} title={`${status}: ${RUN_STATUS_HELP[status]}`}>
      {status}
    </Badge>
  )
}

/** The data window a run exports; a run without a start covers only its end. */
export const runWindow = (run: BatchExportRun): DataWindow => ({
  start: new Date(run.data_interval_start ?? run.data_interval_end),
  end: new Date(run.data_interval_end),
})

export const runDurationSeconds = (run: BatchExportRun, now = Date.now()) => {
  const start = Date.parse(run.created_at)
  const end = run.finished_at ? Date.parse(run.finished_at) : run.status === 'Running' ? now : null
  return end === null ? null : Math.max(0, (end - start) / 1000)
}
