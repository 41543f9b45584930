import { useMemo, useRef, useState } from 'react'
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { useLocation, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router-dom'
import { CalendarX, Keyboard, PlayCircle, Sparkles } from 'lucide-react'
import type { SessionRecording } from '../../contracts/session-recordings'
import { isApiError } from '../../lib/api-error'
import { useScopePermission } from '../../api/permissions'
import { projectQueries } from '../../api/projects'
import { usePrefetchSharing } from '../../api/sharing'
import { upstreamIsPostHog } from '../../api/upstream'
import { Button, ButtonLink } from '../../components/button'
import { Callout } from '../../components/callout'
import { EmptyState } from '../../components/empty-state'
import { ErrorState } from '../../components/error-state'
import { PageHeader } from '../../components/page-header'
import { Pagination } from '../../components/pagination'
import { useDocumentTitle } from '../../components/use-document-title'
import { AiHelpers } from './ai-helpers'
import { BulkBar } from './bulk-bar'
import { BulkDeleteSummary } from './bulk-delete-summary'
import { pendingIds, useBulkDeleteState } from './bulk-delete-store'
import { DeleteDialog } from './delete-dialog'
import { RecordingFiltersBar } from './recording-filters-bar'
import { dateRangeError, hasFilters } from './recording-list-params'
import { RecordingsTable } from './recordings-table'
import { RowMenu } from './row-menu'
import { SharingPanelHost, type SharingPanelHandle } from './sharing-panel'
import { ShortcutsDialog } from './shortcuts-dialog'
import { LIST_SHORTCUTS } from './triage-keys'
import { useListTriage } from './use-list-triage'
import { prefetchRecordingList, useRecordingList } from './use-recording-list'
import { viewedTogglePermission } from './viewed-toggle'

/** The route's loader: the page the URL shows is requested with the page's code (the project id is in the URL). */
export function loader(client: QueryClient, { params, request }: LoaderFunctionArgs) {
  prefetchRecordingList(client, Number(params.projectId), new URL(request.url))
}

/** /projects/:projectId/recordings — triage: review, mark viewed, share, delete one or many. */
export function RecordingsPage() {
  const projectId = Number(useParams().projectId)
  const { search } = useLocation()
  const navigate = useNavigate()
  const canReadProjects = useScopePermission('project:read').allowed
  const projects = useQuery({ ...projectQueries.switcher(), enabled: canReadProjects }).data
  const projectName = projects?.results.find((p) => p.id === projectId)?.name

  const { list, filters, query, page, rows: checkedRows, pageOnly, setFilters, applyView } = useRecordingList(projectId)
  // A project that does not exist (or this key cannot see) is a not-found page, not an empty list with filters.
  const missingProject = !page && isApiError(query.error) && query.error.status === 404
  useDocumentTitle(missingProject ? null : 'Recordings', projectName)
  const bulk = useBulkDeleteState()
  // Rows in a bulk delete's undo window (or on their way out) are hidden at once.
  const hidden = useMemo(() => pendingIds(bulk, projectId), [bulk, projectId])
  const rows = useMemo(() => checkedRows?.filter((r) => !hidden.has(r.id)), [checkedRows, hidden])
  const hiddenHere = page ? page.results.filter((r) => hidden.has(r.id)).length : 0

  const detailHref = (id: string) => `/projects/${projectId}/recordings/${encodeURIComponent(id)}${search}`
  const triage = useListTriage({ projectId, rows: rows ?? [], view: `${projectId}${search}`, detailHref })
  const prefetchSharing = usePrefetchSharing(projectId)
  // Opened through a handle: the panel re-renders alone, not the page and its rows.
  const sharing = useRef<SharingPanelHandle>(null)
  const [aiOpen, setAiOpen] = useState(false)
  // A start URL pattern the server refused is shown on its field, not as a failed page.
  const urlError =
    isApiError(query.error) && query.error.status === 400 && /^(start_url|properties)/.test(query.error.attr ?? '')
      ? query.error.detail
      : undefined
  const filtered = hasFilters(filters)
  const reversedDates = dateRangeError(filters) !== null

  const rowMenu = (r: SessionRecording) => (
    <RowMenu
      label={`Actions for recording ${r.id}`}
      // Opening the menu warms the sharing panel, so it opens with its data.
      onOpen={() => prefetchSharing(r.id)}
      items={[
        { label: 'Open', onSelect: () => navigate(detailHref(r.id)) },
        { label: 'Share…', onSelect: () => sharing.current?.open(r.id) },
        {
          label: r.viewed ? 'Mark as unviewed' : 'Mark as viewed',
          onSelect: () => triage.toggleViewed(r),
          disabledReason: viewedTogglePermission(r, triage.canWrite).reason,
        },
        {
          label: 'Delete…',
          danger: true,
          onSelect: () => triage.askDelete([r.id], false),
          disabledReason: triage.canWrite.reason,
        },
      ]}
    />
  )

  if (missingProject) {
    return (
      <div className="page">
        <ErrorState error={query.error} setsTitle />
      </div>
    )
  }

  return (
    <div className="page page-wide">
      <PageHeader
        title="Recordings"
        description={`Session recordings of ${projectName ?? 'this project'}. Press ? for keyboard shortcuts.`}
        actions={
          <>
            <Button icon={<Keyboard size={15} aria-hidden />} onClick={() => triage.setHelpOpen(true)}>
              Shortcuts
            </Button>
            <Button
              icon={<Sparkles size={15} aria-hidden />}
              aria-expanded={aiOpen}
              aria-controls="rec-ai"
              onClick={() => setAiOpen(!aiOpen)}
            >
              AI helpers <span className="badge badge-amber">Experimental</span>
            </Button>
          </>
        }
      />
      {aiOpen && (
        <div id="rec-ai">
          <AiHelpers
            projectId={projectId}
            startUrls={rows?.map((r) => r.start_url) ?? []}
            onApply={applyView}
            onFilterByPattern={(pattern) => setFilters({ ...filters, start_url: undefined, start_url_regex: pattern })}
          />
        </div>
      )}
      <RecordingFiltersBar filters={filters} onChange={setFilters} urlError={urlError} />
      <BulkDeleteSummary state={bulk} projectId={projectId} />
      {pageOnly.length > 0 && (
        <Callout tone="warning" title="Applied to this page only">
          {upstreamIsPostHog() ? "PostHog's list has no" : 'The server did not apply the'} {pageOnly.join(' and ')}, so
          the console applied {pageOnly.length === 1 ? 'it' : 'them'} to the rows of this page only. Other pages may
          hold recordings that belong here.
        </Callout>
      )}
      <BulkBar
        count={triage.selectedIds.length}
        permission={triage.canWrite}
        onDelete={() => triage.askDelete(triage.selectedIds, true)}
        onClear={triage.clearSelection}
      />
      {query.isError && !page && !urlError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <RecordingsTable
            rows={urlError ? [] : rows}
            loading={query.isPending && !urlError}
            stale={query.isPlaceholderData}
            skeletonRows={Math.min(list.pageSize, 10)}
            sort={list.sort}
            onSortChange={list.setSort}
            detailHref={detailHref}
            activeId={triage.activeId}
            onActivate={triage.setActiveId}
            selected={triage.selected}
            onToggleSelect={triage.toggleSelect}
            onToggleAll={triage.selectAll}
            renderMenu={rowMenu}
            empty={
              urlError ? (
                <EmptyState
                  icon={<PlayCircle size={22} />}
                  title="The start URL filter was refused"
                  description="Change the pattern (see the field above) to list recordings."
                  action={
                    <Button
                      onClick={() => setFilters({ ...filters, start_url: undefined, start_url_regex: undefined })}
                    >
                      Remove the URL filter
                    </Button>
                  }
                />
              ) : reversedDates ? (
                <EmptyState
                  icon={<CalendarX size={22} />}
                  title="The date range ends before it starts"
                  description="From is after To, so no recording can match."
                  action={
                    <Button
                      onClick={() => setFilters({ ...filters, date_from: filters.date_to, date_to: filters.date_from })}
                    >
                      Swap the dates
                    </Button>
                  }
                />
              ) : (
                <EmptyState
                  icon={<PlayCircle size={22} />}
                  title={filtered ? 'No recordings match these filters' : 'No recordings yet'}
                  description={
                    filtered
                      ? 'Loosen or clear the filters to see more.'
                      : 'Recordings appear here within seconds of a visit to a page with the project’s snippet.'
                  }
                  action={
                    filtered ? (
                      <Button onClick={() => setFilters({})}>Clear filters</Button>
                    ) : (
                      <ButtonLink to={`/projects/${projectId}`}>Record your own site</ButtonLink>
                    )
                  }
                />
              )
            }
          />
          {page && (page.results.length > 0 || list.page > 1) && (
            <Pagination
              page={list.page}
              pageSize={list.pageSize}
              pageSizes={list.pageSizes}
              shown={rows?.length ?? 0}
              count={page.count === null ? null : Math.max(0, page.count - hiddenHere)}
              hasNext={page.hasNext}
              onPageChange={list.setPage}
              onPageSizeChange={list.setPageSize}
            />
          )}
        </>
      )}
      <DeleteDialog
        projectId={projectId}
        ids={triage.deleting.ids}
        undoable={triage.deleting.bulk}
        onConfirm={triage.confirmDelete}
        onCancel={triage.cancelDelete}
      />
      <SharingPanelHost ref={sharing} projectId={projectId} />
      <ShortcutsDialog open={triage.helpOpen} onClose={() => triage.setHelpOpen(false)} shortcuts={LIST_SHORTCUTS} />
    </div>
  )
}
