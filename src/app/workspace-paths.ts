/** Where switching organization or project takes you, staying in the same area when it can. */

export function pathForOrganization(pathname: string, orgId: string, firstProjectId: number | null): string {
  const orgArea = /^\/orgs\/[^/]+\/([^/]+)/.exec(pathname)?.[1]
  // The exports list follows the sidebar's project, which becomes the new organization's first.
  if (orgArea === 'batch-exports' && firstProjectId !== null)
    return `/orgs/${orgId}/batch-exports?project=${firstProjectId}`
  if (orgArea) return `/orgs/${orgId}/${orgArea}`
  const projectArea = /^\/projects\/[^/]+\/([^/]+)/.exec(pathname)?.[1]
  if (projectArea) return firstProjectId !== null ? `/projects/${firstProjectId}/${projectArea}` : `/orgs/${orgId}`
  return `/orgs/${orgId}`
}

/**
 * On a project page: the same area in the other project; on the exports list, the list filtered to it;
 * elsewhere null (only the selection changes).
 */
export function pathForProject(pathname: string, projectId: number): string | null {
  if (/^\/orgs\/[^/]+\/batch-exports\/?$/.test(pathname)) return `${pathname}?project=${projectId}`
  const projectArea = /^\/projects\/[^/]+\/([^/]+)/.exec(pathname)?.[1]
  return projectArea ? `/projects/${projectId}/${projectArea}` : null
}
