import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { retryDelay, shouldRetryMutation, shouldRetryQuery } from '../api/retry'
import { mutationFailed, mutationSucceeded, refreshFailed, throttleNotices } from './feedback'
import { noticeThrottledMutations } from './throttle-notices'

export function createQueryClient() {
  const client = new QueryClient({
    // What the user is told after a request: one policy, in ./feedback.
    queryCache: new QueryCache({
      // First-load failures are shown in the page; only a failed refresh of data already shown is a toast.
      onError: (error, query) => {
        if (query.state.data !== undefined) refreshFailed(error, query.queryHash)
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, variables, _context, mutation) => mutationFailed(error, variables, mutation.meta),
      onSuccess: (data, variables, _context, mutation) => mutationSucceeded(data, variables, mutation.meta),
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
  noticeThrottledMutations(client.getMutationCache(), throttleNotices)
  return client
}
