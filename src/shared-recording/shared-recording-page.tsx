import { lazy, Suspense, useMemo } from 'react'
import { snapshotLoader } from '../api/snapshots'
import type { SharedRecording } from '../contracts/shared-recording'
import { PlayerSkeleton } from '../features/session-recordings/player/player-skeleton'
import { formatDateTime, formatDuration, formatUtc, viewerTimeZone, zoneLabel } from '../lib/time'

const Player = lazy(() => import('../features/session-recordings/player/player'))

type Props = { recording: SharedRecording; token: string; embedded: boolean }

/** A shared recording for someone without a key: when it started (their zone), how long, and the player. */
export function SharedRecordingPage({ recording, token, embedded }: Props) {
  const loader = useMemo(
    () => snapshotLoader(recording.project_id, recording.id, { sharingToken: token }),
    [recording.project_id, recording.id, token],
  )
  const started = new Date(recording.start_time)
  const zone = viewerTimeZone()
  return (
    <main className={embedded ? 'shared-page shared-page-embedded' : 'shared-page'}>
      <header className="shared-header">
        <h1>Shared session recording</h1>
        <p className="muted">
          Started{' '}
          <time dateTime={recording.start_time} title={`${zone}\n${formatUtc(started)}`}>
            {formatDateTime(started)} {zoneLabel(zone, started)}
          </time>{' '}
          · {formatDuration(recording.recording_duration)} long
        </p>
      </header>
      <Suspense fallback={<PlayerSkeleton />}>
        <Player
          loader={loader}
          ongoing={recording.ongoing}
          autoPlay={!embedded}
          label={`Shared recording started ${formatDateTime(started)}`}
        />
      </Suspense>
    </main>
  )
}
