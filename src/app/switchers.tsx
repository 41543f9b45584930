import { useSuspenseQuery } from '@tanstack/react-query'
import { useLocation, useNavigate } from 'react-router-dom'
import { meQueries } from '../api/me'
import { pathForOrganization, pathForProject } from './workspace-paths'
import { useWorkspace } from './workspace'

export function OrganizationSwitcher() {
  const user = useSuspenseQuery(meQueries.user()).data
  const { orgId, allProjects, selectOrganization } = useWorkspace()
  const navigate = useNavigate()
  const { pathname } = useLocation()

  return (
    <label className="switcher">
      <span className="switcher-label">Organization</span>
      <select
        className="input select"
        value={orgId ?? ''}
        disabled={user.organizations.length === 0}
        onChange={(event) => {
          const id = event.target.value
          selectOrganization(id)
          const firstProject = allProjects.find((p) => p.organization === id)?.id ?? null
          navigate(pathForOrganization(pathname, id, firstProject))
        }}
      >
        {user.organizations.length === 0 && <option value="">No organizations</option>}
        {orgId && !user.organizations.some((o) => o.id === orgId) && (
          <option value={orgId}>Unknown organization</option>
        )}
        {user.organizations.map((org) => (
          <option key={org.id} value={org.id}>
            {org.name}
          </option>
        ))}
      </select>
    </label>
  )
}

export function ProjectSwitcher() {
  const { projectId, projects, projectsLoading, projectsPermission, selectProject } = useWorkspace()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const reason = !projectsPermission.allowed
    ? projectsPermission.reason
    : projects.length === 0 && !projectsLoading
      ? 'No project in this organization'
      : undefined

  return (
    <label className="switcher" title={reason}>
      <span className="switcher-label">Project</span>
      <select
        className="input select"
        value={projectId ?? ''}
        disabled={Boolean(reason) || projectsLoading}
        onChange={(event) => {
          const id = Number(event.target.value)
          selectProject(id)
          const next = pathForProject(pathname, id)
          if (next) navigate(next)
        }}
      >
        {projectsLoading && <option value="">Loading…</option>}
        {reason && <option value="">{reason}</option>}
        {projects.map((project) => (
          <option key={project.id} value={project.id}>
            {project.name}
          </option>
        ))}
      </select>
    </label>
  )
}
