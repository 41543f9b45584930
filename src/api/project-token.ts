import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { project, type Project } from '../contracts/projects'
import { describeError } from './errors'
import type { PageOf } from './pagination'
import { projectQueries } from './projects'
import { request } from './request'

// Apart from projects.ts, which the shell loads on the first route: this pulls in sonner, which only the
// (lazy) project page may.

/** Rotates the project token: pages still sending the old one are refused from now on. */
export function useRotateProjectToken(projectId: number) {
  const client = useQueryClient()
  return useMutation({
    meta: { inlineErrors: true },
    mutationFn: () => request(`/api/projects/${projectId}/reset_token/`, project, { method: 'PATCH' }),
    onSuccess: (updated: Project) => {
      client.setQueryData(projectQueries.detail(projectId).queryKey, updated)
      client.setQueriesData<PageOf<Project>>({ queryKey: projectQueries.lists() }, (page) =>
        page ? { ...page, results: page.results.map((p) => (p.id === updated.id ? { ...p, ...updated } : p)) } : page,
      )
      toast.success('Project token rotated. Paste the new snippet into your sites.')
    },
    onError: (error) =>
      toast.error(`Could not rotate the token (the current one still works): ${describeError(error)}`),
  })
}
