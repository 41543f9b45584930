import { useEffect } from 'react'
import { useBlocker } from 'react-router-dom'
import { ConfirmDialog } from './confirm-dialog'

/** Navigation state for leaving on purpose (after a save or a delete): the guard lets it pass. */
export const LEAVE_WITHOUT_ASKING = { leaveWithoutAsking: true } as const

const leavesOnPurpose = (state: unknown) => typeof state === 'object' && state !== null && 'leaveWithoutAsking' in state

/** Asks before leaving a page with unsaved changes: in-app navigation and closing/reloading the tab. */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname && !leavesOnPurpose(nextLocation.state),
  )

  useEffect(() => {
    if (!when) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [when])

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      description="Your changes on this page have not been saved. If you leave now they are lost."
      confirmLabel="Discard changes"
      cancelLabel="Keep editing"
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  )
}
