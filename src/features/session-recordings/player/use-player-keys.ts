import { useEffect, useRef } from 'react'

type Keys = { toggle: () => void; seekBy: (ms: number) => void; fullscreen: () => void }

const EDITABLE = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]'
const ACTIVATABLE = 'button, a[href], summary, [role="button"], [role="slider"], [role="switch"], [role="menuitem"]'

/**
 * Space plays/pauses, ←/→ seek 10 s, f toggles full screen — anywhere on the page except where the
 * key already means something: typing, a focused control's own space/arrows, an open dialog.
 */
export function usePlayerKeys(keys: Keys) {
  const latest = useRef(keys)
  useEffect(() => {
    latest.current = keys
  })
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return
      const target = event.target instanceof Element ? event.target : null
      if (target?.closest(EDITABLE) || target?.closest('[role="dialog"], [role="alertdialog"]')) return
      const onControl = Boolean(target?.closest(ACTIVATABLE))
      if (event.key === ' ' && !onControl) latest.current.toggle()
      else if (event.key === 'ArrowLeft' && !target?.closest('[role="slider"]')) latest.current.seekBy(-10_000)
      else if (event.key === 'ArrowRight' && !target?.closest('[role="slider"]')) latest.current.seekBy(10_000)
      else if (event.key === 'f' && !event.shiftKey) latest.current.fullscreen()
      else return
      event.preventDefault()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}
