/** Where switching organization or project takes you, staying in the same area when it can. */

export function pathForOrganization(pathname: string, orgId: string, firstProjectId: number | null): string {
  const orgArea = /^\/orgs\/[^/]+\/([^/]+)/.exec(pathname)?.[1]
  if (orgArea) return `/orgs/${orgId}/${orgArea}`
  const projectArea = /^\/projects\/[^/]+\/([^/]+)/.exec(pathname)?.[1]
  if (projectArea) return firstProjectId !== null ? `/projects/${firstProjectId}/${projectArea}` : `/orgs/${orgId}`
  return `/orgs/${orgId}`
}

/** On a project page: the same area in the other project; elsewhere null (only the selection changes). */
export function pathForProject(pathname: string, projectId: number): string | null {
  const projectArea = /^\/projects\/[^/]+\/([^/]+)/.exec(pathname)?.[1]
  return projectArea ? `/projects/${projectId}/${projectArea}` : null
}
