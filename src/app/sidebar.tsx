import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { Building2, CloudUpload, PlayCircle, Radio } from 'lucide-react'
import { Logo } from './logo'
import { OrganizationSwitcher, ProjectSwitcher } from './switchers'
import { UserCard } from './user-card'
import { useWorkspace } from './workspace'

type NavItemProps = { to: string | null; icon: ReactNode; label: string; active: boolean; disabledReason?: string }

function NavItem({ to, icon, label, active, disabledReason }: NavItemProps) {
  if (!to) {
    return (
      <span className="nav-item" aria-disabled="true" title={disabledReason}>
        {icon}
        {label}
      </span>
    )
  }
  return (
    <Link to={to} className="nav-item" aria-current={active ? 'page' : undefined}>
      {icon}
      {label}
    </Link>
  )
}

export function Sidebar() {
  const { pathname } = useLocation()
  const { orgId, projectId, projectsPermission } = useWorkspace()
  const orgArea = /^\/orgs\/[^/]+\/[^/]+/.test(pathname)
  const areas = {
    organizations: pathname.startsWith('/orgs') && !orgArea,
    batchExports: /^\/orgs\/[^/]+\/batch-exports/.test(pathname),
    recordings: /^\/projects\/[^/]+\/recordings/.test(pathname),
    project: /^\/projects\/[^/]+\/?$/.test(pathname),
  }
  const recordingsReason = !projectsPermission.allowed ? projectsPermission.reason : 'No project in this organization'

  return (
    <aside id="sidebar" className="sidebar" aria-label="Sidebar">
      <div className="sidebar-brand">
        <Logo size={24} />
        <span>Analytics Admin</span>
      </div>
      <div className="sidebar-switchers">
        <OrganizationSwitcher />
        <ProjectSwitcher />
      </div>
      <nav aria-label="Main" className="nav">
        <NavItem
          to="/orgs"
          icon={<Building2 size={16} aria-hidden />}
          label="Organizations"
          active={areas.organizations}
        />
        <NavItem
          // The list opens filtered to the sidebar's project (its filter offers the others and all).
          to={orgId ? `/orgs/${orgId}/batch-exports${projectId !== null ? `?project=${projectId}` : ''}` : null}
          icon={<CloudUpload size={16} aria-hidden />}
          label="Batch exports"
          active={areas.batchExports}
          disabledReason="Pick an organization first"
        />
        <NavItem
          to={projectId !== null ? `/projects/${projectId}/recordings` : null}
          icon={<PlayCircle size={16} aria-hidden />}
          label="Recordings"
          active={areas.recordings}
          disabledReason={recordingsReason}
        />
        <NavItem
          to={projectId !== null ? `/projects/${projectId}` : null}
          icon={<Radio size={16} aria-hidden />}
          label="Project"
          active={areas.project}
          disabledReason={recordingsReason}
        />
      </nav>
      <UserCard />
    </aside>
  )
}
