import type { QueryClient } from '@tanstack/react-query'
import { useParams, useNavigate, type LoaderFunctionArgs } from 'react-router-dom'
import { useCreateBatchExport } from '../../api/batch-exports'
import { useScopePermission } from '../../api/permissions'
import { PageHeader } from '../../components/page-header'
import { LEAVE_WITHOUT_ASKING } from '../../components/unsaved-changes-guard'
import { useDocumentTitle } from '../../components/use-document-title'
import { ExportForm } from './export-form'
import { emptyExport } from './export-form-values'
import { prefetchEditorContext, useEditorContext } from './use-editor-context'

/** The route's loader: the organization's projects for the form. */
export function loader(client: QueryClient, { params }: LoaderFunctionArgs) {
  prefetchEditorContext(client, params.orgId ?? '')
}

/** /orgs/:orgId/batch-exports/new — the new export opens once it is created. */
export function BatchExportCreatePage() {
  const { orgId = '' } = useParams()
  useDocumentTitle('New export', 'Batch exports')
  const permission = useScopePermission('batch_export:write')
  const create = useCreateBatchExport(orgId)
  const navigate = useNavigate()
  const { teams, zones, viewerZone } = useEditorContext(orgId)

  return (
    <div className="page">
      <PageHeader
        breadcrumbs={[{ label: 'Batch exports', to: `/orgs/${orgId}/batch-exports` }, { label: 'New' }]}
        title="New export"
        description="Choose what to export, where to, and how often. You can pause, edit or backfill it later."
      />
      <ExportForm
        mode="create"
        orgId={orgId}
        defaultValues={emptyExport(viewerZone)}
        teams={teams}
        zones={zones}
        permission={permission}
        onSubmit={async (body) => {
          const exp = await create.mutateAsync(body)
          navigate(`/orgs/${orgId}/batch-exports/${exp.id}`, { replace: true, state: LEAVE_WITHOUT_ASKING })
          return exp
        }}
      />
    </div>
  )
}
