import { useEffect, useEffectEvent } from 'react'
import { toast } from '../../components/toast'
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

/**
 * A shortcut the key in use may not perform (its buttons are disabled and say why): a key press has no
 * place on screen, so a toast says it, e.g. "Needs scope session_recording:write: cannot delete recordings."
 */
export function refuseShortcut(reason: string | null, what: string) {
  toast.error(`${reason}: cannot ${what}.`)
}
