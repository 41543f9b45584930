import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query'
import { CloudUpload, Plus } from 'lucide-react'
import { useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom'
import { batchExportQueries } from '../../api/batch-exports'
import { useScopePermission } from '../../api/permissions'
import { projectQueries } from '../../api/projects'
import { Field, Select } from '../../components/field'
import { Button, ButtonLink } from '../../components/button'
import { EmptyState } from '../../components/empty-state'
import { ErrorState } from '../../components/error-state'
import { PageHeader } from '../../components/page-header'
import { Pagination } from '../../components/pagination'
import { Table } from '../../components/table'
import { useDocumentTitle } from '../../components/use-document-title'
import { useListParams } from '../../components/use-list-params'
import { listWindowOf } from '../../lib/list-params'
import { ExportCards } from './export-cards'
import { exportColumns } from './export-columns'
import { ResumeDialog } from './resume-dialog'
import { usePauseToggle } from './use-pause-toggle'
import './batch-exports-page.css'

const LIST = { defaultPageSize: 25 }

/** `?project=ID` (the sidebar's link sets it to its project), or every project of the organization. */
const projectOf = (search: URLSearchParams) => {
  const value = search.get('project')
  return value !== null && /^\d{1,9}$/.test(value) ? Number(value) : null
}

/** The route's loader: the page the URL shows is requested with the page's code (the org id is in the URL). */
export function loader(client: QueryClient, { params, request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams
  void client.prefetchQuery(batchExportQueries.list(params.orgId ?? '', listWindowOf(search, LIST), projectOf(search)))
}

/** /orgs/:orgId/batch-exports — every export of the organization and how its last run went. */
export function BatchExportsPage() {
  const { orgId = '' } = useParams()
  useDocumentTitle('Batch exports')
  const list = useListParams(LIST)
  const [search, setSearch] = useSearchParams()
  const projectId = projectOf(search)
  const query = useQuery({
    ...batchExportQueries.list(orgId, list.query, projectId),
    placeholderData: keepPreviousData,
  })
  const canReadProjects = useScopePermission('project:read').allowed
  const projects = useQuery({ ...projectQueries.switcher(), enabled: canReadProjects }).data?.results.filter(
    (p) => p.organization === orgId,
  )
  const projectNames = projects ? new Map(projects.map((p) => [p.id, p.name])) : undefined
  const setProject = (value: string) =>
    setSearch((prev) => {
      const out = new URLSearchParams(prev)
      out.set('project', value)
      out.delete('page')
      return out
    })
  const canWrite = useScopePermission('batch_export:write')
  const pause = usePauseToggle(orgId)
  const page = query.data
  const actions = { orgId, permission: canWrite, onTogglePause: pause.toggle, pendingFor: pause.pendingFor }
  const projectFilter = projects && projects.length > 0 && (
    <div className="exports-filters">
      <Field label="Project">
        {(p) => (
          <Select
            {...p}
            value={projectId === null ? 'all' : String(projectId)}
            onChange={(e) => setProject(e.target.value)}
          >
            <option value="all">All projects</option>
            {projectId !== null && !projects.some((x) => x.id === projectId) && (
              <option value={String(projectId)}>Project {projectId}</option>
            )}
            {projects.map((x) => (
              <option key={x.id} value={String(x.id)}>
                {x.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  )

  const createAction = (
    <ButtonLink
      to={`/orgs/${orgId}/batch-exports/new`}
      variant="primary"
      icon={<Plus size={15} aria-hidden />}
      disabledReason={canWrite.reason}
    >
      New export
    </ButtonLink>
  )

  return (
    <div className="page page-wide">
      <PageHeader
        title="Batch exports"
        description="Scheduled exports of events, persons and sessions to S3 and other destinations."
        actions={createAction}
      />
      {projectFilter}
      {query.isError && !page ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <div className="exports-list" data-has-rows={page && page.results.length > 0 ? true : undefined}>
            <Table
              label="Batch exports"
              columns={exportColumns({ ...actions, projectNames: projectNames ?? new Map() })}
              rows={page?.results}
              rowKey={(exp) => exp.id}
              rowHref={(exp) => `/orgs/${orgId}/batch-exports/${exp.id}`}
              loading={query.isPending}
              skeletonRows={6}
              stale={query.isPlaceholderData}
              empty={
                projectId !== null ? (
                  <EmptyState
                    icon={<CloudUpload size={22} />}
                    title="No exports in this project"
                    description="Other projects of the organization may have some."
                    action={<Button onClick={() => setProject('all')}>Show all projects</Button>}
                  />
                ) : (
                  <EmptyState
                    icon={<CloudUpload size={22} />}
                    title="No exports yet"
                    description="Send events, persons or sessions to your own bucket or warehouse on a schedule."
                    action={createAction}
                  />
                )
              }
            />
            {page && <ExportCards exports={page.results} {...actions} />}
          </div>
          {page && (page.results.length > 0 || list.page > 1) && (
            <Pagination
              page={list.page}
              pageSize={list.pageSize}
              pageSizes={list.pageSizes}
              shown={page.results.length}
              count={page.count}
              hasNext={page.hasNext}
              onPageChange={list.setPage}
              onPageSizeChange={list.setPageSize}
            />
          )}
        </>
      )}
      {pause.resuming && <ResumeDialog orgId={orgId} exp={pause.resuming} onClose={pause.closeResume} />}
    </div>
  )
}
