import { Link } from 'react-router-dom'
import type { Organization } from '../../contracts'
import { membershipName } from '../../api/permissions'
import { CopyButton } from '../../components/copy-button'
import { Time } from '../../components/time'
import { formatNumber } from '../../lib/format'

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
      <h3 className="facts-subtitle">Projects ({org.projects.length})</h3>
      {org.projects.length === 0 ? (
        <p className="muted">No projects yet.</p>
      ) : (
        <ul className="facts-items">
          {org.projects.map((project) => (
            <li key={project.id}>
              <Link to={`/projects/${project.id}/recordings`}>{project.name}</Link>
              <span className="muted num">#{project.id}</span>
            </li>
          ))}
        </ul>
      )}
      <h3 className="facts-subtitle">Teams ({org.teams.length})</h3>
      {org.teams.length === 0 ? (
        <p className="muted">No teams yet.</p>
      ) : (
        <ul className="facts-items">
          {org.teams.map((team) => (
            <li key={team.id}>
              <span>{team.name}</span>
              {team.timezone && <span className="muted">{team.timezone}</span>}
            </li>
          ))}
        </ul>
      )}
    </aside>
  )
}
