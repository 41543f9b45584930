import { toast } from 'sonner'
import type { BatchExport } from '../../contracts'
import { useSetPaused } from '../../api/batch-exports'
import { describeError } from '../../api/errors'

/** Pause or resume an export at once; if the server refuses, the switch flips back and a toast says why. */
export function usePauseToggle(orgId: string) {
  const mutation = useSetPaused(orgId)
  const toggle = (exp: Pick<BatchExport, 'id' | 'name'>, paused: boolean) =>
    mutation.mutate(
      { id: exp.id, paused },
      {
        onError: (error) =>
          toast.error(`Could not ${paused ? 'pause' : 'resume'} “${exp.name}”`, {
            description: `${describeError(error)} It is still ${paused ? 'active' : 'paused'}.`,
          }),
      },
    )
  const pendingFor = (id: string) => mutation.isPending && mutation.variables?.id === id
  return { toggle, pendingFor }
}
