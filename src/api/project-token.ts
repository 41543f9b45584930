import { useMutation, useQueryClient } from '@tanstack/react-query'
import { project, type Project } from '../contracts/projects'
import { updateItem } from './cache-updates'
import { feedback } from './feedback'
import { projectQueries } from './projects'
import { request } from './request'

/**
 * Rotates the project token: pages still sending the old one are refused from now on. A failure shows
 * in the confirmation dialog; success closes it and says what to do next. Apart from projects.ts, which
 * the shell loads on the first route.
 */
export function useRotateProjectToken(projectId: number) {
  const client = useQueryClient()
  return useMutation({
    meta: feedback<Project, void>({
      failure: 'in-place',
      success: () => ({
        title: 'Project token rotated',
        description: 'Paste the new snippet into your sites: the old token is refused from now on.',
      }),
    }),
    mutationFn: () => request(`/api/projects/${projectId}/reset_token/`, project, { method: 'PATCH' }),
    onSuccess: (updated) => {
      const caches = { detail: projectQueries.detail(projectId).queryKey, lists: projectQueries.lists() }
      updateItem<Project>(client, caches, updated.id, () => updated)
    },
  })
}
