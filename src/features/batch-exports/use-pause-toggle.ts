import type { BatchExport } from '../../contracts/batch-exports'
import { useSetPaused } from '../../api/batch-exports'

/** Pause or resume an export at once; if the server refuses, it flips back and a toast says why. */
export function usePauseToggle(orgId: string) {
  const mutation = useSetPaused(orgId)
  const toggle = (exp: Pick<BatchExport, 'id' | 'name'>, paused: boolean) =>
    mutation.mutate({ id: exp.id, name: exp.name, paused })
  const pendingFor = (id: string) => mutation.isPending && mutation.variables?.id === id
  return { toggle, pendingFor }
}
