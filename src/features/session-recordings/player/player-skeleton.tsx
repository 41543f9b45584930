import { Skeleton } from '../../../components/skeleton'
import './player-layout.css'

/** The player's own shape while its data loads: stage, seek bar, controls and console pane. */
export function PlayerSkeleton() {
  return (
    <div className="player" aria-busy="true" aria-label="Loading the recording">
      <div className="player-main">
        <Skeleton height={18} width="45%" />
        <div className="player-stage">
          <span className="skeleton player-stage-skeleton" />
        </div>
        <Skeleton height={8} style={{ margin: '16px 0 6px' }} />
        <div className="player-controls">
          <Skeleton width={30} height={30} />
          <Skeleton width={96} height={16} />
        </div>
      </div>
      <div className="player-console">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={18} style={{ marginBottom: 10 }} />
        ))}
      </div>
    </div>
  )
}
