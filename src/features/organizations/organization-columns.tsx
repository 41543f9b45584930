import { Link } from 'react-router-dom'
import type { Organization } from '../../contracts/organizations'
import { membershipName } from '../../lib/permissions'
import { Badge } from '../../components/badge'
import type { Column } from '../../components/table'
import { Time } from '../../components/time'
import { formatNumber } from '../../lib/format'
import { splitSort } from '../../lib/list-params'

export const ORGANIZATION_SORTS = ['name', 'membership_level', 'member_count', 'created_at'] as const

export const organizationColumns: Column<Organization>[] = [
  {
    key: 'name',
    header: 'Name',
    sortField: 'name',
    cell: (org) => (
      <div className="cell-title">
        <Link to={`/orgs/${org.id}`}>{org.name}</Link>
        <span className="muted mono">{org.slug}</span>
      </div>
    ),
  },
  {
    key: 'role',
    header: 'Your role',
    sortField: 'membership_level',
    width: '130px',
    cell: (org) => {
      const role = membershipName(org.membership_level)
      return <Badge tone={role === 'owner' ? 'accent' : 'grey'}>{role}</Badge>
    },
  },
  {
    key: 'projects',
    header: 'Projects',
    align: 'right',
    width: '100px',
    secondary: true,
    cell: (org) => formatNumber(org.projects.length),
  },
  {
    key: 'members',
    header: 'Members',
    align: 'right',
    width: '100px',
    sortField: 'member_count',
    cell: (org) => formatNumber(org.member_count),
  },
  {
    key: 'created',
    header: 'Created',
    width: '150px',
    sortField: 'created_at',
    secondary: true,
    cell: (org) => <Time value={org.created_at} />,
  },
]

/** Sorts the rows of one page (the API lists newest first and cannot sort). */
export function sortOrganizations(rows: Organization[], sort: string | null): Organization[] {
  const { field, descending } = splitSort(sort)
  if (!field) return rows
  const value = (o: Organization): string | number =>
    field === 'name'
      ? o.name.toLocaleLowerCase()
      : field === 'membership_level'
        ? (o.membership_level ?? 0)
        : field === 'member_count'
          ? Number(o.member_count)
          : o.created_at
  const sorted = [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)]
    return typeof x === 'string' && typeof y === 'string' ? x.localeCompare(y) : Number(x) - Number(y)
  })
  return descending ? sorted.reverse() : sorted
}
