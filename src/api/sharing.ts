import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { sharingConfiguration, type SharingConfiguration } from '../contracts/session-recordings'
import { feedback } from './feedback'
import { useScopePermission } from './permissions'
import { recordingQueries } from './session-recordings'
import { request } from './request'

const path = (projectId: number, recordingId: string) =>
  `/api/projects/${projectId}/session_recordings/${encodeURIComponent(recordingId)}/sharing/`

export const sharingQueries = {
  all: (projectId: number) => [...recordingQueries.all(projectId), 'sharing'] as const,
  /** Never creates a configuration: a recording never shared reads `enabled: false`. */
  detail: (projectId: number, recordingId: string) =>
    queryOptions({
      queryKey: [...sharingQueries.all(projectId), recordingId],
      queryFn: ({ signal }) => request(path(projectId, recordingId), sharingConfiguration, { signal }),
    }),
}

/** Warms one recording's sharing configuration so the panel opens complete; nothing when the key may not read it. */
export function usePrefetchSharing(projectId: number) {
  const client = useQueryClient()
  const canRead = useScopePermission('sharing_configuration:read').allowed
  return (recordingId: string) => {
    if (canRead) void client.prefetchQuery(sharingQueries.detail(projectId, recordingId))
  }
}

/** Public page of a shared recording, on the origin the console is served from. */
export const sharedLink = (origin: string, token: string) => `${origin}/shared/${token}`
const embedLink = (origin: string, token: string) => `${origin}/embedded/${token}`
export const embedSnippet = (origin: string, token: string) =>
  `<iframe src="${embedLink(origin, token)}" width="100%" height="640" frameborder="0" allowfullscreen></iframe>`

/** A change to sharing: the panel shows the new configuration, or the failure next to what the user changed. */
function useWriteSharing<V>(projectId: number, recordingId: string, send: (vars: V) => Promise<SharingConfiguration>) {
  const client = useQueryClient()
  return useMutation({
    meta: feedback({ failure: 'in-place' }),
    mutationFn: send,
    onSuccess: (config) => client.setQueryData(sharingQueries.detail(projectId, recordingId).queryKey, config),
  })
}

/** Turns the public link on or off (PATCH `{enabled}`). */
export function useSetSharing(projectId: number, recordingId: string) {
  return useWriteSharing(projectId, recordingId, (enabled: boolean) =>
    request(path(projectId, recordingId), sharingConfiguration, { method: 'PATCH', body: { enabled } }),
  )
}

/** Rotates the access token: the old link and embed stop working. */
export function useRotateSharing(projectId: number, recordingId: string) {
  return useWriteSharing(projectId, recordingId, () =>
    request(`${path(projectId, recordingId)}refresh/`, sharingConfiguration, { method: 'POST' }),
  )
}
