import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router-dom'
import { readableExport } from '../../contracts/batch-exports'
import { batchExportQueries, useUpdateBatchExport } from '../../api/batch-exports'
import { useScopePermission } from '../../api/permissions'
import { Callout } from '../../components/callout'
import { PageHeader } from '../../components/page-header'
import { LEAVE_WITHOUT_ASKING } from '../../components/unsaved-changes-guard'
import { useDocumentTitle } from '../../components/use-document-title'
import { ExportForm } from './export-form'
import { toFormValues } from './export-form-values'
import { prefetchEditorContext, useEditorContext } from './use-editor-context'

/** The route's loader: the export and the organization's projects for the form. */
export function loader(client: QueryClient, { params }: LoaderFunctionArgs) {
  const { orgId = '', exportId = '' } = params
  void client.prefetchQuery(batchExportQueries.detail(orgId, exportId))
  prefetchEditorContext(client, orgId)
}

/** /orgs/:orgId/batch-exports/:exportId/edit — the same form as creating, started from the saved export. */
export function BatchExportEditPage() {
  const { orgId = '', exportId = '' } = useParams()
  const { data: exp } = useSuspenseQuery(batchExportQueries.detail(orgId, exportId))
  useDocumentTitle(`Edit ${exp.name}`, 'Batch exports')
  const permission = useScopePermission('batch_export:write')
  const update = useUpdateBatchExport(orgId, exportId)
  const navigate = useNavigate()
  const { teams, zones, viewerZone } = useEditorContext(orgId)
  const detailPath = `/orgs/${orgId}/batch-exports/${exp.id}`
  const editable = readableExport(exp)
  const header = (
    <PageHeader
      breadcrumbs={[
        { label: 'Batch exports', to: `/orgs/${orgId}/batch-exports` },
        { label: exp.name, to: detailPath },
        { label: 'Edit' },
      ]}
      title={`Edit ${exp.name}`}
      description={
        'readable' in editable
          ? 'Changes apply from the next run. Secrets are never shown: leave them empty to keep them.'
          : undefined
      }
    />
  )
  if ('reason' in editable)
    return (
      <div className="page">
        {header}
        <Callout tone="info" title="Read-only here">
          {editable.reason}: saving its form could change what the form does not show. Edit it in PostHog; what it holds
          is on the <Link to={detailPath}>export's page</Link>.
        </Callout>
      </div>
    )

  return (
    <div className="page">
      {header}
      {/* Keyed by id: another export starts a fresh form with its own defaults. */}
      <ExportForm
        key={exp.id}
        mode="edit"
        orgId={orgId}
        exportId={exp.id}
        storedType={editable.readable.destination.type}
        defaultValues={toFormValues(editable.readable, viewerZone)}
        teams={teams}
        zones={zones}
        permission={permission}
        onSubmit={async (patch) => {
          const saved = await update.mutateAsync(patch)
          navigate(detailPath, { state: LEAVE_WITHOUT_ASKING })
          return saved
        }}
      />
    </div>
  )
}
