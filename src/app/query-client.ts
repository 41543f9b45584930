import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { describeError, isApiError } from '../api/errors'
import { retryDelay, shouldRetryMutation, shouldRetryQuery } from '../api/retry'
import { dismissToast, toastError, toastWaiting } from '../components/toast'
import { noticeThrottledMutations } from './throttle-notices'

/** Errors not worth a toast: a 401 already sends the user to sign-in; a field error lands on its field. */
const silent = (error: unknown) =>
  isApiError(error) && (error.status === 401 || (error.type === 'validation_error' && error.attr !== null))

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The page shows this mutation's errors itself (e.g. on form fields), so no toast. */
      inlineErrors?: boolean
    }
  }
}

export function createQueryClient() {
  const client = new QueryClient({
    queryCache: new QueryCache({
      // First-load failures are shown in the page; only a failed background refresh is a toast.
      onError: (error, query) => {
        if (query.state.data !== undefined && !silent(error)) {
          toastError(`Could not refresh: ${describeError(error)}`, { id: `refresh-${query.queryHash}` })
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!silent(error) && !mutation.meta?.inlineErrors) toastError(describeError(error))
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay,
        staleTime: 15_000,
        refetchOnWindowFocus: true,
      },
      mutations: {
        retry: shouldRetryMutation,
        retryDelay,
        // Offline, react-query would hold a mutation back without a word until the connection returns
        // (a Save that spins, a switch flipped for minutes). Sent at once, it fails with "You are offline"
        // where the user is looking, and what they typed stays for another try.
        networkMode: 'always',
      },
    },
  })
  noticeThrottledMutations(client.getMutationCache(), {
    show: (id, message) => toastWaiting(message, { id }),
    dismiss: dismissToast,
  })
  return client
}
