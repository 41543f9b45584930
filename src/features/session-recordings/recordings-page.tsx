import { useMemo, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useLocation, useNavigate, useParams } from 'react-router-dom'
import { toast } from 'sonner'
import { Keyboard, PlayCircle, Sparkles, Trash2, X } from 'lucide-react'
import type { SessionRecording } from '../../contracts'
import { useScopePermission } from '../../api/permissions'
import { projectQueries } from '../../api/projects'
import { useDeleteRecording, useUpdateRecording } from '../../api/session-recordings'
import { sharingQueries } from '../../api/sharing'
import { Button } from '../../components/button'
import { Callout } from '../../components/callout'
import { EmptyState } from '../../components/empty-state'
import { ErrorState } from '../../components/error-state'
import { PageHeader } from '../../components/page-header'
import { Pagination } from '../../components/pagination'
import { useDocumentTitle } from '../../components/use-document-title'
import { plural } from '../../lib/format'
import { AiHelpers } from './ai-helpers'
import { BulkDeleteSummary } from './bulk-delete-summary'
import { bulkDeleter, pendingIds, useBulkDeleteState } from './bulk-delete-store'
import { DeleteDialog } from './delete-dialog'
import { RecordingFiltersBar } from './recording-filters-bar'
import { hasFilters } from './recording-list-params'
import { RecordingsTable } from './recordings-table'
import { RowMenu } from './row-menu'
import { SharingPanel } from './sharing-panel'
import { ShortcutsDialog } from './shortcuts-dialog'
import { LIST_SHORTCUTS, moveIndex, type TriageAction } from './triage-keys'
import { useRecordingList } from './use-recording-list'
import { useTriageKeys } from './use-triage-keys'
import './recordings.css'

/** State that belongs to one view of the list (page, sort, filters) and resets when the view changes. */
function useViewState<T>(view: string, initial: T) {
  const [state, setState] = useState({ view, value: initial })
  const value = state.view === view ? state.value : initial
  return [value, (next: T) => setState({ view, value: next })] as const
}

/** /projects/:projectId/recordings — triage: review, mark viewed, share, delete one or many. */
export function RecordingsPage() {
  const projectId = Number(useParams().projectId)
  const { search } = useLocation()
  const navigate = useNavigate()
  const client = useQueryClient()
  const canWrite = useScopePermission('session_recording:write')
  const canReadProjects = useScopePermission('project:read').allowed
  const project = useQuery({ ...projectQueries.switcher(), enabled: canReadProjects }).data?.results.find(
    (p) => p.id === projectId,
  )
  useDocumentTitle('Recordings', project?.name)

  const { list, filters, query, page, rows: checkedRows, pageOnly, setFilters, applyView } = useRecordingList(projectId)
  const bulk = useBulkDeleteState()
  const hidden = useMemo(() => pendingIds(bulk, projectId), [bulk, projectId])
  const rows = useMemo(() => checkedRows?.filter((r) => !hidden.has(r.id)), [checkedRows, hidden])

  const view = `${projectId}?${search}`
  const [selected, setSelected] = useViewState<ReadonlySet<string>>(view, new Set())
  const [activeId, setActiveId] = useViewState<string | null>(view, null)
  const [menuFor, setMenuFor] = useState<string | null>(null)
  const [sharingFor, setSharingFor] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<{ ids: string[]; bulk: boolean }>({ ids: [], bulk: false })
  const [helpOpen, setHelpOpen] = useState(false)
  const [aiOpen, setAiOpen] = useState(false)
  const update = useUpdateRecording(projectId)
  const remove = useDeleteRecording(projectId)

  const detailHref = (id: string) => `/projects/${projectId}/recordings/${encodeURIComponent(id)}${search}`
  const visibleSelection = rows?.filter((r) => selected.has(r.id)).map((r) => r.id) ?? []

  const toggleSelect = (id: string) => {
    const next = new Set(selected)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    setSelected(next)
  }
  const toggleViewed = (r: SessionRecording) => {
    if (!canWrite.allowed) toast.error(`${canWrite.reason}: cannot mark recordings viewed.`)
    else update.mutate({ id: r.id, patch: { viewed: !r.viewed } })
  }
  const askDelete = (ids: string[], isBulk: boolean) => {
    if (!canWrite.allowed) toast.error(`${canWrite.reason}: cannot delete recordings.`)
    else if (isBulk && bulkDeleter.busy) toast.info('Wait for the current bulk delete to finish.')
    else if (ids.length > 0) setDeleting({ ids, bulk: isBulk })
  }
  const confirmDelete = (ids: string[]) => {
    if (deleting.bulk) {
      bulkDeleter.schedule(client, projectId, ids)
      setSelected(new Set())
    } else {
      remove.mutate(ids[0]!)
    }
    setDeleting({ ids: [], bulk: false })
  }
  const focusRow = (id: string) =>
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`tr[data-row-id="${CSS.escape(id)}"]`)?.focus({ preventScroll: false }),
    )

  useTriageKeys((action: TriageAction) => {
    const current = rows ?? []
    const index = current.findIndex((r) => r.id === activeId)
    const active = index >= 0 ? current[index]! : null
    if (action.type === 'help') setHelpOpen(true)
    else if (action.type === 'clear') setSelected(new Set())
    else if (action.type === 'move') {
      const next = moveIndex(index >= 0 ? index : null, action.delta, current.length)
      if (next !== null) {
        setActiveId(current[next]!.id)
        focusRow(current[next]!.id)
      }
    } else if (action.type === 'delete') {
      if (visibleSelection.length > 0) askDelete(visibleSelection, true)
      else if (active) askDelete([active.id], false)
    } else if (!active) return
    else if (action.type === 'open') navigate(detailHref(active.id))
    else if (action.type === 'toggle-viewed') toggleViewed(active)
    else if (action.type === 'toggle-select') toggleSelect(active.id)
  })

  const openSharing = (id: string) => setSharingFor(id)
  const rowMenu = (r: SessionRecording) => (
    <RowMenu
      label={`Actions for recording ${r.id}`}
      open={menuFor === r.id}
      onOpenChange={(open) => {
        setMenuFor(open ? r.id : null)
        // Opening the menu warms the sharing panel, so it opens with its data.
        if (open) void client.prefetchQuery(sharingQueries.detail(projectId, r.id))
      }}
      items={[
        { label: 'Open', onSelect: () => navigate(detailHref(r.id)) },
        { label: 'Share…', onSelect: () => openSharing(r.id) },
        {
          label: r.viewed ? 'Mark as unviewed' : 'Mark as viewed',
          onSelect: () => toggleViewed(r),
          disabledReason: canWrite.reason,
        },
        { label: 'Delete…', danger: true, onSelect: () => askDelete([r.id], false), disabledReason: canWrite.reason },
      ]}
    />
  )

  return (
    <div className="page page-wide rec-page">
      <PageHeader
        title="Recordings"
        description={`Session recordings of ${project?.name ?? 'this project'}. Press ? for keyboard shortcuts.`}
        actions={
          <>
            <Button icon={<Keyboard size={15} aria-hidden />} onClick={() => setHelpOpen(true)}>
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
          <AiHelpers projectId={projectId} startUrls={rows?.map((r) => r.start_url) ?? []} onApply={applyView} />
        </div>
      )}
      <RecordingFiltersBar filters={filters} onChange={setFilters} />
      <BulkDeleteSummary state={bulk} projectId={projectId} />
      {pageOnly.length > 0 && (
        <Callout tone="warning" title="Applied to this page only">
          The server did not apply the {pageOnly.join(' and ')}, so the console applied{' '}
          {pageOnly.length === 1 ? 'it' : 'them'} to the rows of this page only. Other pages may hold recordings that
          belong here.
        </Callout>
      )}
      {visibleSelection.length > 0 && (
        <div className="rec-bulk-bar" role="region" aria-label="Bulk actions">
          <span className="num">{plural(visibleSelection.length, 'recording')} selected</span>
          <Button
            size="sm"
            variant="danger"
            icon={<Trash2 size={14} aria-hidden />}
            disabledReason={canWrite.reason}
            onClick={() => askDelete(visibleSelection, true)}
          >
            Delete selected…
          </Button>
          <Button size="sm" variant="ghost" icon={<X size={14} aria-hidden />} onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        </div>
      )}
      {query.isError && !page ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <RecordingsTable
            rows={rows}
            loading={query.isPending}
            stale={query.isPlaceholderData}
            skeletonRows={Math.min(list.pageSize, 10)}
            sort={list.sort}
            onSortChange={list.setSort}
            detailHref={detailHref}
            activeId={activeId}
            onActivate={setActiveId}
            selected={selected}
            onToggleSelect={toggleSelect}
            onToggleAll={(all) => setSelected(new Set(all ? rows?.map((r) => r.id) : []))}
            renderMenu={rowMenu}
            empty={
              <EmptyState
                icon={<PlayCircle size={22} />}
                title={hasFilters(filters) ? 'No recordings match these filters' : 'No recordings yet'}
                description={
                  hasFilters(filters)
                    ? 'Loosen or clear the filters to see more.'
                    : 'Recordings appear here once your app sends session replays.'
                }
                action={hasFilters(filters) ? <Button onClick={() => setFilters({})}>Clear filters</Button> : undefined}
              />
            }
          />
          {page && (page.results.length > 0 || list.page > 1) && (
            <Pagination
              page={list.page}
              pageSize={list.pageSize}
              pageSizes={list.pageSizes}
              shown={rows?.length ?? 0}
              count={page.count === null ? null : Math.max(0, page.count - (page.results.length - (rows?.length ?? 0)))}
              hasNext={page.hasNext}
              onPageChange={list.setPage}
              onPageSizeChange={list.setPageSize}
            />
          )}
        </>
      )}
      <DeleteDialog
        projectId={projectId}
        ids={deleting.ids}
        undoable={deleting.bulk}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting({ ids: [], bulk: false })}
      />
      <SharingPanel projectId={projectId} recordingId={sharingFor} onClose={() => setSharingFor(null)} />
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} shortcuts={LIST_SHORTCUTS} />
    </div>
  )
}
