import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react'
import { useQueryClient, useSuspenseQuery, type QueryClient } from '@tanstack/react-query'
import { useLocation, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router-dom'
import { ChevronLeft, ChevronRight, Eye, EyeOff, Keyboard, Share2, Trash2 } from 'lucide-react'
import { useScopePermission } from '../../api/permissions'
import { usePrefetchSharing } from '../../api/sharing'
import { snapshotLoader } from '../../api/snapshots'
import { recordingFromLists, recordingQueries, useMarkViewed, useUpdateRecording } from '../../api/session-recordings'
import { Badge } from '../../components/badge'
import { Button } from '../../components/button'
import { PageHeader } from '../../components/page-header'
import { Time } from '../../components/time'
import { useDocumentTitle } from '../../components/use-document-title'
import { toast } from '../../components/toast'
import { formatDuration, formatRelative } from '../../lib/time'
import { bulkDeleter, useBulkDeleteState } from './bulk-delete-store'
import { BulkDeleteSummary } from './bulk-delete-summary'
import { DeleteDialog } from './delete-dialog'
import { PersonCard } from './person-card'
import { PlayerSkeleton } from './player/player-skeleton'
import { personLabel } from './recording-cells'
import { RecordingFacts } from './recording-facts'
import { SharingPanel } from './sharing-panel'
import { ShortcutsDialog } from './shortcuts-dialog'
import { DETAIL_SHORTCUTS } from './triage-keys'
import { useNeighbors, type Neighbor } from './use-neighbors'
import { viewedTogglePermission } from './viewed-toggle'
import { prefetchRecordingList } from './use-recording-list'
import { refuseShortcut, useTriageKeys } from './use-triage-keys'
import './recording-detail-page.css'

// rrweb's replayer is most of the player's weight: it loads only when a recording is opened.
const Player = lazy(() => import('./player/player'))

/**
 * The route's loader: the recording (unless a cached list page already holds it: then it shows at once
 * and refreshes when stale) and the list page around it that previous/next step through.
 */
export function loader(client: QueryClient, { params, request }: LoaderFunctionArgs) {
  const projectId = Number(params.projectId)
  const id = params.recordingId ?? ''
  if (!recordingFromLists(client, projectId, id)) void client.prefetchQuery(recordingQueries.detail(projectId, id))
  prefetchRecordingList(client, projectId, new URL(request.url))
}

/** /projects/:projectId/recordings/:recordingId — every field, the person, viewed, share, delete, previous/next. */
export function RecordingDetailPage() {
  const params = useParams()
  const projectId = Number(params.projectId)
  const id = params.recordingId ?? ''
  const client = useQueryClient()
  const cached = recordingFromLists(client, projectId, id)
  const { data: recording } = useSuspenseQuery({
    ...recordingQueries.detail(projectId, id),
    initialData: cached?.data,
    initialDataUpdatedAt: cached?.updatedAt,
  })
  const { search } = useLocation()
  const navigate = useNavigate()
  const neighbors = useNeighbors(projectId, id)
  const canWrite = useScopePermission('session_recording:write')
  const update = useUpdateRecording(projectId)
  const bulk = useBulkDeleteState()
  const prefetchSharing = usePrefetchSharing(projectId)
  const [sharing, setSharing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [helpOpen, setHelpOpen] = useState(false)
  const who = personLabel(recording)
  useDocumentTitle(who, 'Recordings')
  const snapshots = useMemo(() => snapshotLoader(projectId, id), [projectId, id])

  // Opening a recording marks it viewed, as PostHog does; once per visit, so "Mark as unviewed" sticks.
  const { mutate: markViewed } = useMarkViewed(projectId)
  const marked = useRef<string | null>(null)
  useEffect(() => {
    if (marked.current === id) return
    marked.current = id
    if (!recording.viewed && canWrite.allowed) markViewed({ id })
  }, [id, recording.viewed, canWrite.allowed, markViewed])

  const listSearch = new URLSearchParams(search)
  const listHref = `/projects/${projectId}/recordings${search}`
  const hrefFor = (n: Neighbor) => {
    const next = new URLSearchParams(listSearch)
    if (n.page > 1) next.set('page', String(n.page))
    else next.delete('page')
    const query = next.toString()
    return `/projects/${projectId}/recordings/${encodeURIComponent(n.id)}${query ? `?${query}` : ''}`
  }
  const go = (n: Neighbor | null) => n && navigate(hrefFor(n))
  const stepReason = (end: 'first' | 'last') =>
    neighbors.inList
      ? `This is the ${end} recording of the list`
      : 'Not on the current list page: open it from the list'
  // The buttons are disabled without the scope; the keys say why instead.
  const mayToggleViewed = viewedTogglePermission(recording, canWrite)
  const toggleViewed = () => {
    if (!mayToggleViewed.allowed)
      refuseShortcut(
        mayToggleViewed.reason,
        mayToggleViewed === canWrite ? 'mark recordings viewed' : 'mark it unviewed',
      )
    else update.mutate({ id, patch: { viewed: !recording.viewed } })
  }
  const askDelete = () => {
    if (!canWrite.allowed) refuseShortcut(canWrite.reason, 'delete recordings')
    else if (bulk.phase === 'running') toast.info('Wait for the current delete to finish.')
    else setDeleting(true)
  }

  // As the list's bulk delete: hidden at once, deleted after a 5-second undo window. On to the next one,
  // as triage goes (the previous if this was the last, the list if it was the only one), and the toast
  // says where the user now is; Undo brings them back to the recording they kept.
  const confirmDelete = () => {
    setDeleting(false)
    const after = neighbors.next ?? neighbors.previous
    const target = after ? hrefFor(after) : listHref
    const here = `/projects/${projectId}/recordings/${encodeURIComponent(id)}${search}`
    const shown = after && recordingFromLists(client, projectId, after.id)?.data
    const where = !after
      ? 'Back to the list: it was the only one.'
      : `Now showing the ${after === neighbors.next ? 'next' : 'previous'} recording${
          shown ? `: ${personLabel(shown)}, ${formatRelative(shown.start_time)}` : ''
        }.`
    bulkDeleter.schedule(client, projectId, [id], {
      title: `Deleting the recording of ${who}…`,
      description: where,
      onUndo: () => {
        if (`${window.location.pathname}${window.location.search}` === target) navigate(here)
      },
    })
    navigate(target, { replace: true })
  }

  useTriageKeys((action) => {
    if (action.type === 'move') go(action.delta === 1 ? neighbors.next : neighbors.previous)
    else if (action.type === 'help') setHelpOpen(true)
    else if (action.type === 'toggle-viewed') toggleViewed()
    else if (action.type === 'delete') askDelete()
  })

  return (
    <div className="page rec-detail">
      <PageHeader
        breadcrumbs={[{ label: 'Recordings', to: listHref }, { label: <span className="mono">{id}</span> }]}
        title={who}
        meta={
          <>
            <Badge tone={recording.viewed ? 'grey' : 'accent'}>{recording.viewed ? 'Viewed' : 'Not viewed'}</Badge>
            {recording.ongoing && <Badge tone="blue">Ongoing</Badge>}
          </>
        }
        description={
          <>
            Started <Time value={recording.start_time} /> · {formatDuration(recording.recording_duration)} long
          </>
        }
        actions={
          <div className="rec-detail-actions">
            <div className="rec-stepper" role="group" aria-label="Step through the list">
              <Button
                size="sm"
                icon={<ChevronLeft size={15} aria-hidden />}
                disabledReason={neighbors.previous ? null : stepReason('first')}
                onClick={() => go(neighbors.previous)}
              >
                Previous
              </Button>
              <Button
                size="sm"
                disabledReason={neighbors.next ? null : stepReason('last')}
                onClick={() => go(neighbors.next)}
              >
                Next <ChevronRight size={15} aria-hidden />
              </Button>
            </div>
            <Button
              size="sm"
              icon={recording.viewed ? <EyeOff size={15} aria-hidden /> : <Eye size={15} aria-hidden />}
              disabledReason={mayToggleViewed.reason}
              onClick={toggleViewed}
            >
              {recording.viewed ? 'Mark as unviewed' : 'Mark as viewed'}
            </Button>
            <Button
              size="sm"
              icon={<Share2 size={15} aria-hidden />}
              // Pointing at the button warms the panel's data, so it opens complete.
              onPointerEnter={() => prefetchSharing(id)}
              onClick={() => setSharing(true)}
            >
              Share…
            </Button>
            <Button
              size="sm"
              variant="danger"
              icon={<Trash2 size={15} aria-hidden />}
              disabledReason={canWrite.reason}
              onClick={askDelete}
            >
              Delete…
            </Button>
            <button
              type="button"
              className="icon-btn"
              aria-label="Keyboard shortcuts"
              title="Keyboard shortcuts (?)"
              onClick={() => setHelpOpen(true)}
            >
              <Keyboard size={16} aria-hidden />
            </button>
          </div>
        }
      />
      <BulkDeleteSummary state={bulk} projectId={projectId} />
      <Suspense fallback={<PlayerSkeleton />}>
        <Player key={id} loader={snapshots} ongoing={Boolean(recording.ongoing)} label={`Recording of ${who}`} />
      </Suspense>
      <div className="rec-detail-grid">
        <RecordingFacts recording={recording} />
        <PersonCard recording={recording} />
      </div>
      <DeleteDialog
        projectId={projectId}
        ids={deleting ? [id] : []}
        undoable
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(false)}
      />
      <SharingPanel projectId={projectId} recordingId={sharing ? id : null} onClose={() => setSharing(false)} />
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} shortcuts={DETAIL_SHORTCUTS} />
    </div>
  )
}
