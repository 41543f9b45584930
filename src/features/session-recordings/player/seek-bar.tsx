import { memo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { clock } from './clock'
import type { ConsoleEntry } from './timeline'
import './seek-bar.css'

type SeekBarProps = {
  time: number
  duration: number
  /** Milliseconds loaded so far (the rest is still on its way). */
  loaded: number
  clicks: number[]
  errors: ConsoleEntry[]
  inactive: [number, number][]
  onSeek: (ms: number) => void
}

const pct = (ms: number, duration: number) => `${duration > 0 ? Math.min(100, Math.max(0, (ms / duration) * 100)) : 0}%`

/** One marker per console error, merged when they would overlap (at most 200 across the bar). */
function errorMarkers(errors: ConsoleEntry[], duration: number) {
  const seen = new Map<number, ConsoleEntry & { count: number }>()
  for (const entry of errors) {
    const bucket = duration > 0 ? Math.round((entry.at / duration) * 200) : 0
    const marker = seen.get(bucket)
    if (marker) marker.count++
    else seen.set(bucket, { ...entry, count: 1 })
  }
  return [...seen.values()]
}

/**
 * Click ticks are decoration; console errors are buttons that seek (out of the tab order: the console
 * pane lists the same entries for the keyboard).
 */
const Markers = memo(function Markers({
  clicks,
  errors,
  duration,
  onSeek,
}: Pick<SeekBarProps, 'clicks' | 'errors' | 'onSeek'> & { duration: number }) {
  return (
    <>
      <div className="seek-ticks" aria-hidden>
        {clicks.map((at, i) => (
          <span key={i} className="seek-tick" style={{ left: pct(at, duration) }} />
        ))}
      </div>
      <div className="seek-markers">
        {errorMarkers(errors, duration).map((marker) => (
          <button
            key={marker.at}
            type="button"
            className="seek-marker"
            tabIndex={-1}
            style={{ left: pct(marker.at, duration) }}
            aria-label={`Console error at ${clock(marker.at)}: ${marker.message.slice(0, 120)}`}
            title={`${clock(marker.at)} · ${marker.message.slice(0, 200)}${marker.count > 1 ? ` (+${marker.count - 1} more)` : ''}`}
            onClick={() => onSeek(marker.at)}
          />
        ))}
      </div>
    </>
  )
})

/** The timeline: played, loaded and inactive stretches, click ticks and console-error markers; drag or arrow keys to seek. */
export function SeekBar({ time, duration, loaded, clicks, errors, inactive, onSeek }: SeekBarProps) {
  const track = useRef<HTMLDivElement>(null)
  const [dragging, setDragging] = useState<number | null>(null)
  const shown = dragging ?? time
  const at = (event: PointerEvent) => {
    const box = track.current!.getBoundingClientRect()
    return Math.max(0, Math.min(1, (event.clientX - box.left) / box.width)) * duration
  }
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return
    event.currentTarget.setPointerCapture(event.pointerId)
    setDragging(at(event))
  }
  const onPointerMove = (event: PointerEvent) => dragging !== null && setDragging(at(event))
  const onPointerUp = (event: PointerEvent) => {
    if (dragging === null) return
    setDragging(null)
    onSeek(at(event))
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const steps: Record<string, number> = { ArrowLeft: -5000, ArrowRight: 5000, PageDown: -30_000, PageUp: 30_000 }
    if (event.key in steps) onSeek(time + steps[event.key]!)
    else if (event.key === 'Home') onSeek(0)
    else if (event.key === 'End') onSeek(duration)
    else return
    event.preventDefault()
    event.stopPropagation()
  }
  return (
    <div className="seek">
      <Markers clicks={clicks} errors={errors} duration={duration} onSeek={onSeek} />
      <div
        ref={track}
        className="seek-track"
        role="slider"
        tabIndex={0}
        aria-label="Seek"
        aria-valuemin={0}
        aria-valuemax={Math.round(duration / 1000)}
        aria-valuenow={Math.round(shown / 1000)}
        aria-valuetext={`${clock(shown)} of ${clock(duration)}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDragging(null)}
        onKeyDown={onKeyDown}
      >
        <div className="seek-rail">
          <span className="seek-loaded" style={{ width: pct(loaded, duration) }} />
          {inactive.map(([from, to]) => (
            <span
              key={from}
              className="seek-inactive"
              style={{ left: pct(from, duration), width: pct(to - from, duration) }}
              title="Inactive"
            />
          ))}
          <span className="seek-played" style={{ width: pct(shown, duration) }} />
        </div>
        <span className="seek-thumb" style={{ left: pct(shown, duration) }} />
      </div>
    </div>
  )
}
