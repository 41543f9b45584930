import { FastForward, Maximize, Minimize, Pause, Play } from 'lucide-react'
import { clock } from './clock'
import './player-controls.css'

export const SPEEDS = [1, 2, 4, 8] as const

type ControlsProps = {
  playing: boolean
  time: number
  duration: number
  speed: number
  skipInactive: boolean
  fullscreen: boolean
  onToggle: () => void
  onSpeed: (speed: number) => void
  onSkipInactive: (skip: boolean) => void
  onFullscreen: () => void
}

/** Play/pause, the clock, skip inactivity, speed and full screen (each also on the keyboard). */
export function PlayerControls(p: ControlsProps) {
  return (
    <div className="player-controls">
      <button
        type="button"
        className="icon-btn player-play"
        aria-label={p.playing ? 'Pause' : 'Play'}
        title={`${p.playing ? 'Pause' : 'Play'} (space)`}
        onClick={p.onToggle}
      >
        {p.playing ? <Pause size={18} aria-hidden /> : <Play size={18} aria-hidden />}
      </button>
      <span className="player-clock num" aria-label={`Elapsed ${clock(p.time)} of ${clock(p.duration)}`}>
        {clock(p.time)} / {clock(p.duration)}
      </span>
      <span className="player-controls-gap" />
      <button
        type="button"
        className="btn btn-sm btn-ghost player-skip"
        aria-pressed={p.skipInactive}
        title="Jump over stretches where the user did nothing"
        onClick={() => p.onSkipInactive(!p.skipInactive)}
      >
        <FastForward size={14} aria-hidden />
        Skip inactivity
      </button>
      <label className="player-speed">
        <span className="visually-hidden">Playback speed</span>
        <select value={p.speed} onChange={(e) => p.onSpeed(Number(e.target.value))}>
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="icon-btn"
        aria-label={p.fullscreen ? 'Exit full screen' : 'Full screen'}
        title={`${p.fullscreen ? 'Exit full screen' : 'Full screen'} (f)`}
        onClick={p.onFullscreen}
      >
        {p.fullscreen ? <Minimize size={16} aria-hidden /> : <Maximize size={16} aria-hidden />}
      </button>
    </div>
  )
}
