import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import './player-stage.css'

type StageProps = {
  frame: RefObject<HTMLDivElement | null>
  /** The recorded viewport, once the replayer knows it. */
  viewport: { width: number; height: number } | null
  children?: ReactNode
}

/** The box the replay is drawn in: the recorded viewport scaled to fit, centred, never cropped. */
export function PlayerStage({ frame, viewport, children }: StageProps) {
  const stage = useRef<HTMLDivElement>(null)
  const [box, setBox] = useState({ width: 0, height: 0 })
  useLayoutEffect(() => {
    const element = stage.current
    if (!element) return
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry!.contentRect
      setBox({ width, height })
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  const scale = viewport && box.width ? Math.min(box.width / viewport.width, box.height / viewport.height) : 0
  const style = viewport
    ? {
        width: viewport.width,
        height: viewport.height,
        transform: `translate(${(box.width - viewport.width * scale) / 2}px, ${(box.height - viewport.height * scale) / 2}px) scale(${scale})`,
      }
    : { visibility: 'hidden' as const }
  return (
    <div ref={stage} className="player-stage">
      <div ref={frame} className="player-frame" style={style} />
      {children}
    </div>
  )
}
