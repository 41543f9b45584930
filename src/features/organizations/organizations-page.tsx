import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router-dom'
import { Building2, Plus } from 'lucide-react'
import { organizationQueries } from '../../api/organizations'
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
import { ORGANIZATION_SORTS, organizationColumns, sortOrganizations } from './organization-columns'

const LIST = { sorts: ORGANIZATION_SORTS }

/** The route's loader: the page the URL shows is requested with the page's code. */
export function loader(client: QueryClient, { request }: LoaderFunctionArgs) {
  void client.prefetchQuery(organizationQueries.list(listWindowOf(new URL(request.url).searchParams, LIST)))
}

/** /orgs — the organizations this key can see. */
export function OrganizationsPage() {
  useDocumentTitle('Organizations')
  const list = useListParams(LIST)
  const query = useQuery({ ...organizationQueries.list(list.query), placeholderData: keepPreviousData })
  const canCreate = useScopePermission('organization:write')
  const page = query.data
  const rows = page ? sortOrganizations(page.results, list.sort) : undefined
  const partialSort = Boolean(list.sort && page && page.hasNext) || (list.sort !== null && list.page > 1)

  const createAction = (
    <ButtonLink
      to="/orgs/new"
      variant="primary"
      icon={<Plus size={15} aria-hidden />}
      disabledReason={canCreate.reason}
    >
      New organization
    </ButtonLink>
  )

  return (
    <div className="page page-wide">
      <PageHeader
        title="Organizations"
        description="Every organization this key can see, with your role in each."
        actions={createAction}
      />
      {query.isError && !page ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Table
            label="Organizations"
            columns={organizationColumns}
            rows={rows}
            rowKey={(org) => org.id}
            rowHref={(org) => `/orgs/${org.id}`}
            loading={query.isPending}
            skeletonRows={Math.min(list.pageSize, 8)}
            stale={query.isPlaceholderData}
            sort={list.sort}
            onSortChange={list.setSort}
            empty={
              <EmptyState
                icon={<Building2 size={22} />}
                title="No organizations yet"
                description="Create one to group projects, members and exports."
                action={createAction}
              />
            }
          />
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
              note={partialSort ? 'sorted within this page' : undefined}
            />
          )}
        </>
      )}
    </div>
  )
}
