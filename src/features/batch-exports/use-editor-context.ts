import { useQuery, type QueryClient } from '@tanstack/react-query'
import { meQueries } from '../../api/me'
import { organizationQueries } from '../../api/organizations'
import { useScopePermission } from '../../api/permissions'
import { scopePermission } from '../../lib/permissions'
import { timeZoneChoices } from '../../lib/schedule-zone'
import { viewerTimeZone } from '../../lib/time'

/** For the editor routes' loaders: the organization (its projects), once the key is known to allow reading it. */
export function prefetchEditorContext(client: QueryClient, orgId: string) {
  void client.ensureQueryData(meQueries.currentKey()).then(
    (key) => {
      if (scopePermission(key.scopes, 'organization:read').allowed)
        void client.prefetchQuery(organizationQueries.detail(orgId))
    },
    () => undefined,
  )
}

/** What the editor offers besides the export itself: the organization's projects and time zones. */
export function useEditorContext(orgId: string) {
  const canReadOrg = useScopePermission('organization:read')
  const org = useQuery({ ...organizationQueries.detail(orgId), enabled: canReadOrg.allowed })
  const teams = org.data?.teams ?? null
  const viewer = viewerTimeZone()
  const zones = timeZoneChoices(viewer, 'UTC', ...(teams ?? []).map((t) => t.timezone))
  return { teams, zones, viewerZone: viewer }
}
