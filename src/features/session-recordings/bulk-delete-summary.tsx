import { useQueryClient } from '@tanstack/react-query'
import { RotateCw, X } from 'lucide-react'
import { Button } from '../../components/button'
import { Callout } from '../../components/callout'
import { plural } from '../../lib/format'
import { bulkDeleter, type BulkDeleteState } from './bulk-delete-store'
import './bulk-delete-summary.css'

const SHOWN_FAILURES = 8

/** What the last bulk delete did, above the list: progress, then the summary with a retry for failures. */
export function BulkDeleteSummary({ state, projectId }: { state: BulkDeleteState; projectId: number }) {
  const client = useQueryClient()
  if (state.phase === 'running' && state.projectId === projectId) {
    return (
      <Callout tone="info" role="status">
        Deleting {plural(state.ids.length, 'recording')}…
      </Callout>
    )
  }
  if (state.phase !== 'done' || state.projectId !== projectId) return null
  const { failed, message } = state.summary
  const dismiss = (
    <button
      type="button"
      className="icon-btn"
      aria-label="Dismiss summary"
      title="Dismiss"
      onClick={() => bulkDeleter.dismiss()}
    >
      <X size={14} aria-hidden />
    </button>
  )
  if (failed.length === 0) {
    return (
      <Callout tone="info" role="status" title={message} action={dismiss}>
        Their public links, if any, no longer work.
      </Callout>
    )
  }
  return (
    <Callout tone="danger" role="alert" title={message} action={dismiss}>
      <ul className="rec-failures">
        {failed.slice(0, SHOWN_FAILURES).map((f) => (
          <li key={f.id}>
            <span className="mono">{f.id}</span>: {f.error}
          </li>
        ))}
        {failed.length > SHOWN_FAILURES && <li>…and {failed.length - SHOWN_FAILURES} more</li>}
      </ul>
      <Button size="sm" icon={<RotateCw size={14} aria-hidden />} onClick={() => bulkDeleter.retryFailed(client)}>
        Retry {plural(failed.length, 'failed delete')}
      </Button>
    </Callout>
  )
}
