import { useQuery } from '@tanstack/react-query'
import { organizationQueries } from '../../api/organizations'
import { useScopePermission } from '../../api/permissions'
import { timeZoneChoices } from '../../lib/schedule-zone'
import { viewerTimeZone } from '../../lib/time'

/** What the editor offers besides the export itself: the organization's projects and time zones. */
export function useEditorContext(orgId: string) {
  const canReadOrg = useScopePermission('organization:read')
  const org = useQuery({ ...organizationQueries.detail(orgId), enabled: canReadOrg.allowed })
  const teams = org.data?.teams ?? null
  const viewer = viewerTimeZone()
  const zones = timeZoneChoices(viewer, 'UTC', ...(teams ?? []).map((t) => t.timezone))
  return { teams, zones, viewerZone: viewer }
}
