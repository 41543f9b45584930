import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import type { eventWithTime } from '@rrweb/types'
import { Replayer } from 'rrweb'
import 'rrweb/dist/style.css'
import type { RrwebEvent } from './rrweb-event'
import { skipTarget } from './timeline'

export interface ReplayerOptions {
  /** The events hold a full snapshot: the replayer can draw. */
  ready: boolean
  speed: number
  skipInactive: boolean
  inactive: [number, number][]
  /** Length of the whole recording (ms), as far as its sources tell. */
  duration: number
  /** More data is on its way: reaching the end of what is loaded waits for it. */
  loading: boolean
  autoPlay: boolean
}

export interface ReplayerState {
  playing: boolean
  /** At the end of what is loaded while more is coming. */
  buffering: boolean
  /** Milliseconds from the start. */
  time: number
  viewport: { width: number; height: number } | null
  play: () => void
  pause: () => void
  toggle: () => void
  seek: (ms: number) => void
}

/**
 * rrweb's own replayer in `root`, fed the stream's events as they arrive. Its iframe is rrweb's
 * sandboxed one (exactly `allow-same-origin`, never `allow-scripts`: UNSAFE_replayCanvas stays off).
 * Inactivity is skipped here, by jumping over the stretches the timeline marks.
 */
export function useReplayer(
  root: RefObject<HTMLDivElement | null>,
  events: RrwebEvent[],
  options: ReplayerOptions,
): ReplayerState {
  const replayer = useRef<Replayer | null>(null)
  const fed = useRef(new WeakSet<RrwebEvent>())
  const latest = useRef({ events, options })
  const [playing, setPlaying] = useState(false)
  const [buffering, setBuffering] = useState(false)
  const [time, setTime] = useState(0)
  const [viewport, setViewport] = useState<ReplayerState['viewport']>(null)

  useEffect(() => {
    latest.current = { events, options }
  })

  // Created once the first full snapshot is loaded; destroyed with the component.
  const { ready } = options
  useEffect(() => {
    if (!ready || !root.current || replayer.current) return
    const { events: initial, options: o } = latest.current
    const instance = new Replayer(initial as unknown as eventWithTime[], {
      root: root.current,
      speed: o.speed,
      skipInactive: false,
      showWarning: false,
      UNSAFE_replayCanvas: false,
      triggerFocus: false,
      mouseTail: { duration: 600, lineWidth: 3, strokeStyle: 'rgba(99, 102, 241, 0.55)' },
    })
    initial.forEach((e) => fed.current.add(e))
    replayer.current = instance
    instance.on('resize', (dimension) => {
      const { width, height } = dimension as { width: number; height: number }
      if (width > 0 && height > 0) setViewport({ width, height })
    })
    instance.on('finish', () => {
      const { options: now } = latest.current
      const at = instance.getCurrentTime()
      setTime(at)
      if (now.loading && at < now.duration - 500) setBuffering(true)
      else setPlaying(false)
    })
    if (o.autoPlay) {
      instance.play(0)
      setPlaying(true)
    }
    return () => {
      instance.destroy()
      replayer.current = null
    }
  }, [ready, root])

  // Later batches join the running replayer; a wait at the end of loaded data resumes.
  useEffect(() => {
    const instance = replayer.current
    if (!instance) return
    let added = false
    for (const event of events) {
      if (fed.current.has(event)) continue
      fed.current.add(event)
      instance.addEvent(event as unknown as eventWithTime)
      added = true
    }
    if (added && buffering) {
      setBuffering(false)
      instance.play(instance.getCurrentTime())
    }
  }, [events, buffering])

  useEffect(() => replayer.current?.setConfig({ speed: options.speed }), [options.speed])

  // While playing: the clock, and the jump over inactive stretches.
  useEffect(() => {
    if (!playing) return
    let frame = 0
    let shown = -1
    const tick = () => {
      const instance = replayer.current
      if (instance) {
        const at = instance.getCurrentTime()
        const { options: o } = latest.current
        const jump = o.skipInactive ? skipTarget(o.inactive, at) : null
        if (jump !== null) instance.play(jump)
        const now = jump ?? at
        if (Math.abs(now - shown) >= 50) setTime((shown = now))
      }
      frame = requestAnimationFrame(tick)
    }
    frame = requestAnimationFrame(tick)
    return () => cancelAnimationFrame(frame)
  }, [playing])

  const seek = useCallback(
    (ms: number) => {
      const instance = replayer.current
      if (!instance) return
      const to = Math.max(0, Math.min(ms, latest.current.options.duration))
      setBuffering(false)
      if (playing) instance.play(to)
      else instance.pause(to)
      setTime(to)
    },
    [playing],
  )
  const play = useCallback(() => {
    const instance = replayer.current
    if (!instance) return
    const at = instance.getCurrentTime()
    instance.play(at >= latest.current.options.duration - 100 ? 0 : at)
    setPlaying(true)
  }, [])
  const pause = useCallback(() => {
    const instance = replayer.current
    if (!instance) return
    instance.pause()
    setPlaying(false)
    setBuffering(false)
    setTime(instance.getCurrentTime())
  }, [])
  const toggle = useCallback(() => (playing ? pause() : play()), [playing, pause, play])

  return { playing, buffering, time, viewport, play, pause, toggle, seek }
}
