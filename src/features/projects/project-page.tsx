import { useState } from 'react'
import { useSuspenseQueries, type QueryClient } from '@tanstack/react-query'
import { Link, useParams, type LoaderFunctionArgs } from 'react-router-dom'
import { PlayCircle, RefreshCw } from 'lucide-react'
import type { Project } from '../../contracts/projects'
import { meQueries } from '../../api/me'
import { useScopePermission } from '../../api/permissions'
import { describeError } from '../../lib/api-error'
import { allOf, membershipPermission, type Permission } from '../../lib/permissions'
import { useRotateProjectToken } from '../../api/project-token'
import { projectQueries } from '../../api/projects'
import { upstreamIsPostHog } from '../../api/upstream'
import { Button, ButtonLink } from '../../components/button'
import { Callout } from '../../components/callout'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { CopyButton } from '../../components/copy-button'
import { PageHeader } from '../../components/page-header'
import { Time } from '../../components/time'
import { useDocumentTitle } from '../../components/use-document-title'
import { posthogSnippet } from './snippet'
import './projects.css'

/** The route's loader: the project is requested with the page's code. */
export function loader(client: QueryClient, { params }: LoaderFunctionArgs) {
  void client.prefetchQuery(projectQueries.detail(Number(params.projectId)))
}

/** /projects/:projectId — the project's facts, its capture token and the snippet that records a site into it. */
export function ProjectPage() {
  const projectId = Number(useParams().projectId)
  const [{ data: project }, { data: user }] = useSuspenseQueries({
    queries: [projectQueries.detail(projectId), meQueries.user()],
  })
  const organization = user.organizations.find((o) => o.id === project.organization)
  useDocumentTitle(project.name, 'Projects')
  const canRotate = allOf(
    useScopePermission('project:write'),
    membershipPermission(organization?.membership_level, 'admin'),
  )

  return (
    <div className="page">
      <PageHeader
        breadcrumbs={[
          { label: organization?.name ?? 'Organization', to: `/orgs/${project.organization}` },
          { label: project.name },
        ]}
        title={project.name}
        description="Paste the snippet into your site’s pages: their sessions appear under Recordings within seconds."
        actions={
          <ButtonLink to={`/projects/${project.id}/recordings`} icon={<PlayCircle size={15} aria-hidden />}>
            Recordings
          </ButtonLink>
        }
      />
      <div className="settings-layout">
        <div className="stack">
          <CaptureCard project={project} permission={canRotate} />
        </div>
        <ProjectFacts project={project} organizationName={organization?.name} />
      </div>
    </div>
  )
}

function CaptureCard({ project, permission }: { project: Project; permission: Permission }) {
  const token = project.api_token
  const origin = window.location.origin
  if (!token) {
    return (
      <section className="card project-card" aria-labelledby="capture-title">
        <h2 id="capture-title" className="section-title">
          Capture
        </h2>
        <p className="muted">
          The server’s answer has no token for this project, so there is no snippet to show. Reload the page to ask
          again.
        </p>
      </section>
    )
  }
  const snippet = posthogSnippet(token, origin)
  return (
    <section className="card project-card" aria-labelledby="capture-title">
      <h2 id="capture-title" className="section-title">
        Capture
      </h2>
      <div className="field">
        <span className="field-label" id="token-label">
          Project token
        </span>
        <div className="project-value">
          <code className="mono project-token" aria-labelledby="token-label">
            {token}
          </code>
          <CopyButton value={token} label="Copy project token" />
        </div>
        <p className="field-help">
          Public: it ships in every page the snippet is on. It lets a page send events and recordings to this project,
          and nothing else.
        </p>
      </div>
      {upstreamIsPostHog() ? (
        <Callout tone="info" title="Capture goes to your PostHog">
          This console is connected to a PostHog instance, which receives your site’s events and recordings. Use the
          snippet from that instance’s project settings, with this token.
        </Callout>
      ) : (
        <div className="field">
          <div className="project-snippet-head">
            <span className="field-label" id="snippet-label">
              Snippet
            </span>
            <CopyButton value={snippet} label="Copy snippet" />
          </div>
          <pre className="project-snippet" aria-labelledby="snippet-label" tabIndex={0}>
            <code>{snippet}</code>
          </pre>
          <p className="field-help">
            PostHog’s standard snippet with <code className="mono">api_host</code> set to this server (
            <span className="mono">{origin}</span>). Paste it into the <code className="mono">&lt;head&gt;</code> of
            every page to record. Each visit becomes a recording you can play and share; its events are kept for batch
            exports.
          </p>
        </div>
      )}
      <RotateToken projectId={project.id} permission={permission} />
    </section>
  )
}

function RotateToken({ projectId, permission }: { projectId: number; permission: Permission }) {
  const [confirming, setConfirming] = useState(false)
  const rotate = useRotateProjectToken(projectId)
  return (
    <div>
      <Button
        size="sm"
        icon={<RefreshCw size={14} aria-hidden />}
        disabledReason={permission.reason}
        onClick={() => setConfirming(true)}
      >
        Rotate token…
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Rotate the project token?"
        description="Pages with the current token stop being recorded at once: their requests are refused. Paste the new snippet into every site that records into this project. Recordings and events already captured stay."
        confirmLabel="Rotate token"
        danger
        pending={rotate.isPending}
        error={rotate.isError ? describeError(rotate.error) : null}
        onCancel={() => {
          rotate.reset()
          setConfirming(false)
        }}
        onConfirm={() => rotate.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      />
    </div>
  )
}

function ProjectFacts({ project, organizationName }: { project: Project; organizationName?: string }) {
  return (
    <aside className="card facts" aria-labelledby="project-facts-title">
      <h2 id="project-facts-title" className="section-title">
        About
      </h2>
      <dl className="facts-list">
        <dt>ID</dt>
        <dd className="facts-id">
          <span className="mono">{project.id}</span>
          <CopyButton value={String(project.id)} label="Copy project ID" />
        </dd>
        {project.uuid && (
          <>
            <dt>UUID</dt>
            <dd className="facts-id">
              <span className="mono truncate" title={project.uuid}>
                {project.uuid}
              </span>
              <CopyButton value={project.uuid} label="Copy project UUID" />
            </dd>
          </>
        )}
        <dt>Organization</dt>
        <dd>
          <Link to={`/orgs/${project.organization}`}>{organizationName ?? project.organization}</Link>
        </dd>
        <dt>Time zone</dt>
        <dd>{project.timezone ?? '—'}</dd>
        <dt>Created</dt>
        <dd>
          <Time value={project.created_at} format="absolute" />
        </dd>
      </dl>
    </aside>
  )
}
