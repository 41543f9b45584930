import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { Organization } from '../../contracts/organizations'
import { membershipName } from '../../lib/permissions'
import { CopyButton } from '../../components/copy-button'
import { Time } from '../../components/time'
import { formatNumber } from '../../lib/format'

type FactItem = { key: string | number; name: ReactNode; note?: string | null }

/** A counted list under the facts: "Projects (2)", one row per item with a muted note on the right. */
function FactItems({ title, empty, items }: { title: string; empty: string; items: FactItem[] }) {
  return (
    <>
      <h3 className="facts-subtitle">
        {title} ({items.length})
      </h3>
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="facts-items">
          {items.map((item) => (
            <li key={item.key}>
              <span>{item.name}</span>
              {item.note && <span className="muted num">{item.note}</span>}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

/** The read-only facts: identifiers, dates, size, projects and teams. */
export function OrganizationFacts({ organization: org }: { organization: Organization }) {
  return (
    <aside className="card facts" aria-labelledby="facts-title">
      <h2 id="facts-title" className="section-title">
        About
      </h2>
      <dl className="facts-list">
        <dt>Slug</dt>
        <dd className="mono">{org.slug}</dd>
        <dt>ID</dt>
        <dd className="facts-id">
          <span className="mono truncate" title={org.id}>
            {org.id}
          </span>
          <CopyButton value={org.id} label="Copy organization ID" />
        </dd>
        <dt>Your role</dt>
        <dd>{membershipName(org.membership_level)}</dd>
        <dt>Members</dt>
        <dd className="num">{formatNumber(org.member_count)}</dd>
        <dt>Created</dt>
        <dd>
          <Time value={org.created_at} format="absolute" />
        </dd>
        <dt>Updated</dt>
        <dd>
          <Time value={org.updated_at} />
        </dd>
      </dl>
      <FactItems
        title="Projects"
        empty="No projects yet."
        items={org.projects.map((project) => ({
          key: project.id,
          name: <Link to={`/projects/${project.id}/recordings`}>{project.name}</Link>,
          note: `#${project.id}`,
        }))}
      />
      <FactItems
        title="Teams"
        empty="No teams yet."
        items={org.teams.map((team) => ({ key: team.id, name: team.name, note: team.timezone }))}
      />
    </aside>
  )
}
