import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Loader } from 'lucide-react'
import type { SnapshotLoader } from '../../../api/snapshots'
import { Callout } from '../../../components/callout'
import { safeHttpUrl } from '../../../lib/safe-url'
import { ConsolePane } from './console-pane'
import { PlayerControls } from './player-controls'
import { PlayerStage } from './player-stage'
import { PlayerSkeleton } from './player-skeleton'
import { PlayerMessage } from './player-states'
import { SeekBar } from './seek-bar'
import { buildTimeline } from './timeline'
import { usePlayerKeys } from './use-player-keys'
import { useReplayer } from './use-replayer'
import { useSnapshotStream, type SnapshotStream } from './use-snapshot-stream'
import './player.css'

export interface PlayerProps {
  /** Where the recording's snapshot data comes from; the player knows no URL or page. */
  loader: SnapshotLoader
  /** Still being recorded: plays what has arrived, checks for more, and says so. */
  ongoing?: boolean
  autoPlay?: boolean
  /** Accessible name of the player region. */
  label?: string
}

/** Plays one recording with rrweb's replayer. Retry starts it over (a new session under a new key). */
export default function Player(props: PlayerProps) {
  const [attempt, setAttempt] = useState(0)
  return <PlayerSession key={attempt} {...props} onRetry={() => setAttempt((n) => n + 1)} />
}

function PlayerSession({
  loader,
  ongoing = false,
  autoPlay = true,
  label,
  onRetry,
}: PlayerProps & { onRetry: () => void }) {
  const stream = useSnapshotStream(loader, ongoing)
  if (stream.status === 'loading') return <PlayerSkeleton />
  if (stream.status !== 'ready')
    return <PlayerMessage kind={stream.status} detail={loader.describe(stream.error)} onRetry={onRetry} />
  return (
    <ReadyPlayer
      stream={stream}
      ongoing={ongoing}
      autoPlay={autoPlay}
      label={label}
      describe={loader.describe}
      onRetry={onRetry}
    />
  )
}

type NoticesProps = {
  stream: SnapshotStream
  ongoing: boolean
  describe: (error: unknown) => string
  onRetry: () => void
}

function Notices({ stream, ongoing, describe, onRetry }: NoticesProps) {
  const { chunks, events } = stream.corrupt
  return (
    <>
      {(chunks > 0 || events > 0) && (
        <Callout tone="warning" role="status" title="Part of this recording could not be read">
          {[
            chunks && `${chunks} chunk${chunks === 1 ? '' : 's'} damaged`,
            events && `${events} event${events === 1 ? '' : 's'} unreadable`,
          ]
            .filter(Boolean)
            .join(', ')}
          . Playing everything else; the player may jump where data is missing.
        </Callout>
      )}
      {ongoing && (
        <Callout tone="info" role="status" title="This recording is still in progress">
          {stream.polling
            ? 'Playing what has arrived so far. More may come: new data is checked for every few seconds and joins the timeline.'
            : 'Playing what had arrived. Nothing new came for five minutes, so the player stopped checking; reload to check again.'}
        </Callout>
      )}
      {stream.error !== null && (
        <Callout
          tone="danger"
          role="alert"
          title="Some of this recording could not be loaded"
          action={
            <button type="button" className="btn btn-sm" onClick={onRetry}>
              Retry
            </button>
          }
        >
          {describe(stream.error)} Playing what did load.
        </Callout>
      )}
    </>
  )
}

function ReadyPlayer({
  stream,
  ongoing,
  autoPlay,
  label,
  describe,
  onRetry,
}: {
  stream: SnapshotStream
  ongoing: boolean
  autoPlay: boolean
  label?: string
  describe: (error: unknown) => string
  onRetry: () => void
}) {
  const { events } = stream
  const start = events[0]!.timestamp
  const end = Math.max(stream.span?.end ?? 0, events.at(-1)!.timestamp)
  const duration = end - start
  const timeline = useMemo(() => buildTimeline(events, start, end), [events, start, end])
  const errors = useMemo(() => timeline.console.filter((e) => e.level === 'error'), [timeline])
  const [speed, setSpeed] = useState(1)
  const [skipInactive, setSkipInactive] = useState(true)
  const [fullscreen, setFullscreen] = useState(false)
  const root = useRef<HTMLElement>(null)
  const frame = useRef<HTMLDivElement>(null)
  const replay = useReplayer(frame, events, {
    ready: events.length >= 2,
    speed,
    skipInactive,
    inactive: timeline.inactive,
    duration,
    loading: stream.loading || stream.polling,
    autoPlay,
  })

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === root.current)
    document.addEventListener('fullscreenchange', onChange)
    return () => document.removeEventListener('fullscreenchange', onChange)
  }, [])
  const toggleFullscreen = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen()
    else void root.current?.requestFullscreen?.().catch(() => undefined)
  }, [])
  const { seek, time } = replay
  usePlayerKeys({ toggle: replay.toggle, seekBy: (ms) => seek(time + ms), fullscreen: toggleFullscreen })

  const url = timeline.urls.findLast((u) => u.at <= replay.time)?.href ?? timeline.urls[0]?.href
  const link = safeHttpUrl(url)
  const loaded = stream.loadedUntil ? Math.max(0, stream.loadedUntil - start) : duration

  return (
    <div className="player-block">
      <Notices stream={stream} ongoing={ongoing} describe={describe} onRetry={onRetry} />
      <section ref={root} className="player" aria-label={label ?? 'Recording player'}>
        <div className="player-main">
          <p className="player-url truncate" title={url}>
            {/* A captured URL: a link only when it is http(s), plain text otherwise. */}
            {link ? (
              <a href={link} target="_blank" rel="noopener noreferrer">
                {url}
              </a>
            ) : (
              <span>{url ?? 'Unknown page'}</span>
            )}
          </p>
          <PlayerStage frame={frame} viewport={replay.viewport}>
            {replay.buffering && (
              <div className="player-buffering" role="status">
                <Loader size={16} aria-hidden className="spin" /> Loading the rest of the recording…
              </div>
            )}
          </PlayerStage>
          <SeekBar
            time={replay.time}
            duration={duration}
            loaded={loaded}
            clicks={timeline.clicks}
            errors={errors}
            inactive={skipInactive ? timeline.inactive : []}
            onSeek={seek}
          />
          <PlayerControls
            playing={replay.playing}
            time={replay.time}
            duration={duration}
            speed={speed}
            skipInactive={skipInactive}
            fullscreen={fullscreen}
            onToggle={replay.toggle}
            onSpeed={setSpeed}
            onSkipInactive={setSkipInactive}
            onFullscreen={toggleFullscreen}
          />
        </div>
        <ConsolePane entries={timeline.console} time={replay.time} onSeek={seek} />
      </section>
    </div>
  )
}
