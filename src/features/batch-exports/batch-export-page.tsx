import { lazy, Suspense, useState } from 'react'
import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query'
import { useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom'
import { History, Pencil } from 'lucide-react'
import { batchExportLogQueries } from '../../api/batch-export-logs'
import { destinationTypeName, readableExport } from '../../contracts/batch-exports'
import { batchExportRunQueries } from '../../api/batch-export-runs'
import { batchExportQueries } from '../../api/batch-exports'
import { useScopePermission } from '../../api/permissions'
import { Button, ButtonLink } from '../../components/button'
import { PageHeader } from '../../components/page-header'
import { Tabs } from '../../components/tabs'
import { useDocumentTitle } from '../../components/use-document-title'
import { timeZoneChoices } from '../../lib/schedule-zone'
import { viewerTimeZone } from '../../lib/time'
import { DeleteExport } from './delete-export'
import { ExportFacts, UnreadableSettings } from './export-facts'
import { ExportStateBadge } from './export-state'
import { readLogFilters } from './log-params'
import { LogsPanel } from './logs-panel'
import { PauseSwitch } from './pause-switch'
import { RunHistory } from './run-history'
import { readRunPage } from './run-params'
import './batch-export-page.css'

// The backfill dialog loads when it is first wanted (about 2.5 KB of the page's 30), and starts loading
// as the pointer or the keyboard reaches its button, so it is usually there by the click.
const loadBackfillDialog = () => import('./backfill-dialog')
const BackfillDialog = lazy(() => loadBackfillDialog().then((m) => ({ default: m.BackfillDialog })))

/**
 * The route's loader: the export, then (runs are under its project) the page of run history the URL
 * shows; on the logs tab, its logs as the URL filters them.
 */
export function loader(client: QueryClient, { params, request }: LoaderFunctionArgs) {
  const { orgId = '', exportId = '' } = params
  const search = new URL(request.url).searchParams
  const exp = client.fetchQuery(batchExportQueries.detail(orgId, exportId))
  if (search.get('tab') === 'logs')
    void client.prefetchInfiniteQuery(batchExportLogQueries.logs(orgId, exportId, readLogFilters(search)))
  else
    exp
      .then((e) => client.prefetchQuery(batchExportRunQueries.page(orgId, e.team_id, e.id, readRunPage(search).window)))
      .catch(() => undefined) // the page shows the export's own failure
}

/** /orgs/:orgId/batch-exports/:exportId — state, run history, logs, backfill and delete. */
export function BatchExportPage() {
  const { orgId = '', exportId = '' } = useParams()
  const { data: exp } = useSuspenseQuery(batchExportQueries.detail(orgId, exportId))
  const [params, setParams] = useSearchParams()
  const [backfillOpen, setBackfillOpen] = useState(false)
  const canWrite = useScopePermission('batch_export:write')
  useDocumentTitle(exp.name, 'Batch exports')
  const editable = readableExport(exp)

  const tab = params.get('tab') === 'logs' ? 'logs' : 'runs'
  const base = `/orgs/${orgId}/batch-exports`
  const selectTab = (next: string) =>
    setParams((prev) => {
      const out = new URLSearchParams(prev)
      if (next === 'logs') out.set('tab', 'logs')
      else out.delete('tab')
      return out
    })

  return (
    <div className="page page-wide">
      <PageHeader
        breadcrumbs={[{ label: 'Batch exports', to: base }, { label: exp.name }]}
        title={exp.name}
        meta={<ExportStateBadge exp={exp} showSince={false} />}
        description={`${exp.model ?? 'events'} → ${destinationTypeName(exp.destination)}`}
        actions={
          <div className="detail-actions">
            <PauseSwitch orgId={orgId} exp={exp} permission={canWrite} />
            <Button
              icon={<History size={15} aria-hidden />}
              disabledReason={canWrite.reason}
              onPointerEnter={() => void loadBackfillDialog()}
              onFocus={() => void loadBackfillDialog()}
              onClick={() => setBackfillOpen(true)}
            >
              Backfill
            </Button>
            <ButtonLink
              to={`${base}/${exp.id}/edit`}
              icon={<Pencil size={15} aria-hidden />}
              disabledReason={'reason' in editable ? `${editable.reason}: edit it in PostHog` : null}
            >
              Edit
            </ButtonLink>
          </div>
        }
      />
      <ExportFacts exp={exp} />
      <UnreadableSettings exp={exp} />
      <Tabs
        label="Export details"
        selected={tab}
        onSelect={selectTab}
        tabs={[
          {
            id: 'runs',
            label: 'Runs',
            panel: () => (
              <RunHistory
                orgId={orgId}
                exp={exp}
                permission={canWrite}
                logsHref={(runId) => `${base}/${exp.id}?tab=logs&run=${runId}`}
              />
            ),
          },
          { id: 'logs', label: 'Logs', panel: () => <LogsPanel orgId={orgId} exp={exp} /> },
        ]}
      />
      <DeleteExport orgId={orgId} exp={exp} permission={canWrite} />
      {backfillOpen && (
        <Suspense fallback={null}>
          <BackfillDialog
            orgId={orgId}
            exp={exp}
            zones={timeZoneChoices(viewerTimeZone(), 'UTC')}
            onClose={() => setBackfillOpen(false)}
          />
        </Suspense>
      )}
    </div>
  )
}
