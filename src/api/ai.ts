import { useMutation } from '@tanstack/react-query'
import { aiFiltersOutput, aiRegexOutput } from '../contracts/ai'
import { feedback } from './feedback'
import { request } from './request'

// Experimental endpoints (they may change without notice): callers show `result: 'error'` as an error.
const base = (projectId: number) => `/api/projects/${projectId}/session_recordings/ai/`

/** Plain words → a regular expression (`data.output`). */
export function useAiRegex(projectId: number) {
  return useMutation({
    // The helper's panel shows the failure under what the user typed.
    meta: feedback({ failure: 'in-place' }),
    mutationFn: (description: string) =>
      request(`${base(projectId)}regex/`, aiRegexOutput, { method: 'POST', body: { regex: description } }),
  })
}

/** Plain words → recording-list query parameters (`data.filters`), with a summary in `data.output`. */
export function useAiFilters(projectId: number) {
  return useMutation({
    meta: feedback({ failure: 'in-place' }),
    mutationFn: (description: string) =>
      request(`${base(projectId)}filters/`, aiFiltersOutput, {
        method: 'POST',
        body: { messages: [{ role: 'user', content: description }] },
      }),
  })
}
