import type { ReactNode } from 'react'
import { createContext, useContext, useState } from 'react'
import { usePrefetchQuery, useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useParams } from 'react-router-dom'
import type { Project } from '../contracts/projects'
import { meQueries } from '../api/me'
import { scopePermission, type Permission } from '../lib/permissions'
import { projectQueries } from '../api/projects'

type Workspace = {
  orgId: string | null
  projectId: number | null
  /** Projects of the selected organization. */
  projects: Project[]
  /** Every project the key can see. */
  allProjects: Project[]
  projectsLoading: boolean
  projectsPermission: Permission
  selectOrganization: (orgId: string) => void
  selectProject: (projectId: number) => void
}

const WorkspaceContext = createContext<Workspace | null>(null)

/**
 * The selected organization and project: from the URL when it names them, otherwise the last
 * ones the user picked, otherwise the user's current ones from @me.
 */
export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const params = useParams()
  // Both at once (no waterfall: the root loader asked for both, and the prefetch covers a refetch after an
  // error); every page below reads them from the cache. Not useSuspenseQueries: its observer is 2 KB of
  // the first route's JS that nothing else needs.
  usePrefetchQuery(meQueries.currentKey())
  const { data: user } = useSuspenseQuery(meQueries.user())
  const { data: key } = useSuspenseQuery(meQueries.currentKey())
  const projectsPermission = scopePermission(key.scopes, 'project:read')
  const projectsQuery = useQuery({ ...projectQueries.switcher(), enabled: projectsPermission.allowed })
  const allProjects = projectsQuery.data?.results ?? []
  const [picked, setPicked] = useState<{ orgId?: string; projectId?: number }>({})

  const urlProject = params.projectId ? allProjects.find((p) => String(p.id) === params.projectId) : undefined
  const knownOrg = (id: string | undefined) => (id && user.organizations.some((o) => o.id === id) ? id : undefined)
  const orgId =
    params.orgId ??
    urlProject?.organization ??
    knownOrg(picked.orgId) ??
    user.organization?.id ??
    user.organizations[0]?.id ??
    null
  const projects = allProjects.filter((p) => p.organization === orgId)
  const inOrg = (id: number | undefined) => (id !== undefined && projects.some((p) => p.id === id) ? id : undefined)
  const projectId =
    (params.projectId ? Number(params.projectId) : undefined) ??
    inOrg(picked.projectId) ??
    inOrg(user.team?.id) ??
    projects[0]?.id ??
    null

  // Remember what the URL selected, so leaving for an unscoped page keeps the selection.
  const fromUrl = { orgId: params.orgId ?? urlProject?.organization, projectId: urlProject?.id }
  if (
    (fromUrl.orgId && fromUrl.orgId !== picked.orgId) ||
    (fromUrl.projectId !== undefined && fromUrl.projectId !== picked.projectId)
  ) {
    setPicked({ orgId: fromUrl.orgId ?? picked.orgId, projectId: fromUrl.projectId ?? picked.projectId })
  }

  const value: Workspace = {
    orgId,
    projectId,
    projects,
    allProjects,
    projectsLoading: projectsPermission.allowed && projectsQuery.isPending,
    projectsPermission,
    selectOrganization: (id) => setPicked({ orgId: id }),
    selectProject: (id) => setPicked((prev) => ({ ...prev, projectId: id })),
  }
  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>
}

export function useWorkspace(): Workspace {
  const workspace = useContext(WorkspaceContext)
  if (!workspace) throw new Error('useWorkspace needs a WorkspaceProvider')
  return workspace
}
