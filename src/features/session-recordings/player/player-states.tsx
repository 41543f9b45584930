import { CircleAlert, RotateCw, VideoOff } from 'lucide-react'
import { EmptyState } from '../../../components/empty-state'
import './player-states.css'

export function PlayerMessage({
  kind,
  detail,
  onRetry,
}: {
  kind: 'empty' | 'unplayable' | 'error'
  detail?: string
  onRetry?: () => void
}) {
  const retry = onRetry && (
    <button type="button" className="btn" onClick={onRetry}>
      <RotateCw size={14} aria-hidden /> Retry
    </button>
  )
  return (
    <div className="player player-message" role={kind === 'error' ? 'alert' : 'status'}>
      {kind === 'empty' ? (
        <EmptyState
          icon={<VideoOff size={22} />}
          title="No snapshot data for this recording"
          description="The recording's details exist, but none of its page data was captured or kept: recording may have been off for this page, blocked by the browser or an extension, or the data has expired."
        />
      ) : kind === 'unplayable' ? (
        <EmptyState
          icon={<VideoOff size={22} />}
          title="This recording cannot be played"
          description="Its data holds no full snapshot of the page to start from (the start of the recording was lost), so there is nothing to draw its changes on."
        />
      ) : (
        <EmptyState
          icon={<CircleAlert size={22} />}
          title="The recording's data could not be loaded"
          description={detail}
          action={retry}
        />
      )}
    </div>
  )
}
