import { useState } from 'react'
import type { BatchExport } from '../../contracts/batch-exports'
import { useSetPaused } from '../../api/batch-exports'
import { missedWhilePaused } from './resume-dialog'

/**
 * Pause or resume an export at once; if the server refuses, the switch flips back and a toast says
 * why (the mutation's feedback). Resuming an export that missed windows while paused first asks what
 * to do with them (`resuming` is then that export: render a ResumeDialog for it).
 */
export function usePauseToggle(orgId: string) {
  const mutation = useSetPaused(orgId)
  const [resuming, setResuming] = useState<BatchExport | null>(null)
  const toggle = (exp: BatchExport, paused: boolean) => {
    if (!paused && missedWhilePaused(exp).length > 0) {
      setResuming(exp)
      return
    }
    mutation.mutate({ id: exp.id, name: exp.name, paused })
  }
  const pendingFor = (id: string) => mutation.isPending && mutation.variables?.id === id
  return { toggle, pendingFor, resuming, closeResume: () => setResuming(null) }
}
