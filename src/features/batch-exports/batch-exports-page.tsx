import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query'
import { CloudUpload, Plus } from 'lucide-react'
import { useParams, type LoaderFunctionArgs } from 'react-router-dom'
import { batchExportQueries } from '../../api/batch-exports'
import { useScopePermission } from '../../api/permissions'
import { ButtonLink } from '../../components/button'
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
import './batch-exports.css'

const LIST = { defaultPageSize: 25 }

/** The route's loader: the page the URL shows is requested with the page's code (the org id is in the URL). */
export function loader(client: QueryClient, { params, request }: LoaderFunctionArgs) {
  const window = listWindowOf(new URL(request.url).searchParams, LIST)
  void client.prefetchQuery(batchExportQueries.list(params.orgId ?? '', window))
}

/** /orgs/:orgId/batch-exports — every export of the organization and how its last run went. */
export function BatchExportsPage() {
  const { orgId = '' } = useParams()
  useDocumentTitle('Batch exports')
  const list = useListParams(LIST)
  const query = useQuery({ ...batchExportQueries.list(orgId, list.query), placeholderData: keepPreviousData })
  const canWrite = useScopePermission('batch_export:write')
  const pause = usePauseToggle(orgId)
  const page = query.data
  const actions = { orgId, permission: canWrite, onTogglePause: pause.toggle, pendingFor: pause.pendingFor }

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
      {query.isError && !page ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <div className="exports-list" data-has-rows={page && page.results.length > 0 ? true : undefined}>
            <Table
              label="Batch exports"
              columns={exportColumns(actions)}
              rows={page?.results}
              rowKey={(exp) => exp.id}
              rowHref={(exp) => `/orgs/${orgId}/batch-exports/${exp.id}`}
              loading={query.isPending}
              skeletonRows={6}
              stale={query.isPlaceholderData}
              empty={
                <EmptyState
                  icon={<CloudUpload size={22} />}
                  title="No exports yet"
                  description="Send events, persons or sessions to your own bucket or warehouse on a schedule."
                  action={createAction}
                />
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
