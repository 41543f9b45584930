import type { MutationCache } from '@tanstack/react-query'
import { isApiError } from '../lib/api-error'
import { retryDelay } from '../api/retry'

type Notices = { show: (id: string, message: string) => void; dismiss: (id: string) => void }

/**
 * A mutation throttled with a 429 waits out `Retry-After` and tries again (see `shouldRetryMutation`);
 * meanwhile the user is told why nothing happens yet, instead of a button that only spins. The
 * notice goes once the mutation settles, and its own success or failure message takes over.
 */
export function noticeThrottledMutations(cache: MutationCache, notices: Notices) {
  return cache.subscribe((event) => {
    if (event.type !== 'updated') return
    const { action, mutation } = event
    const id = `throttled-${mutation.mutationId}`
    if (action.type === 'failed' && isApiError(action.error) && action.error.status === 429) {
      const seconds = Math.ceil(retryDelay(action.failureCount, action.error) / 1000)
      notices.show(id, `Too many requests — retrying in ${seconds} s…`)
    } else if (action.type === 'success' || action.type === 'error') {
      notices.dismiss(id)
    }
  })
}
