import { Navigate } from 'react-router-dom'
import { useWorkspace } from './workspace'

/** "/" opens the selected organization, or the list when there is none. */
export function HomeRedirect() {
  const { orgId } = useWorkspace()
  return <Navigate to={orgId ? `/orgs/${orgId}` : '/orgs'} replace />
}
