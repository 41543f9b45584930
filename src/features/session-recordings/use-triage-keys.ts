import { useEffect, useEffectEvent } from 'react'
import { triageAction, type TriageAction } from './triage-keys'

/** Listens for the triage shortcuts on the whole page, except while a dialog or a menu has the keyboard. */
export function useTriageKeys(onAction: (action: TriageAction) => void) {
  const handle = useEffectEvent(onAction)
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return
      const target = event.target instanceof HTMLElement ? event.target : null
      if (target?.closest('[role="menu"]')) return
      const action = triageAction({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        target: target && {
          tagName: target.tagName,
          isContentEditable: target.isContentEditable,
          type: (target as HTMLInputElement).type,
        },
      })
      if (!action) return
      event.preventDefault()
      handle(action)
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
}
