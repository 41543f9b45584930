import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { toast } from '../../components/toast'
import type { SessionRecording } from '../../contracts/session-recordings'
import { useScopePermission } from '../../api/permissions'
import { useDeleteRecording, useUpdateRecording } from '../../api/session-recordings'
import { bulkDeleter } from './bulk-delete-store'
import { moveIndex } from './triage-keys'
import { refuseShortcut, useTriageKeys } from './use-triage-keys'
import { viewedTogglePermission } from './viewed-toggle'

/** State that belongs to one view of the list (page, sort, filters) and starts over when the view changes. */
function useViewState<T>(view: string, initial: T) {
  const [state, setState] = useState({ view, value: initial })
  const value = state.view === view ? state.value : initial
  return [value, (next: T) => setState({ view, value: next })] as const
}

type Options = {
  projectId: number
  /** The rows shown, in order. */
  rows: SessionRecording[]
  /** Identifies the current view (project and URL search): selection belongs to it. */
  view: string
  detailHref: (id: string) => string
}

const NONE: ReadonlySet<string> = new Set()

/**
 * Triage of the list by mouse and keyboard: the active row (j/k), the selection (x, checkboxes),
 * viewed (v), delete one or the selection (Delete), open (Enter), and the shortcuts sheet (?).
 */
export function useListTriage({ projectId, rows, view, detailHref }: Options) {
  const client = useQueryClient()
  const navigate = useNavigate()
  const canWrite = useScopePermission('session_recording:write')
  const update = useUpdateRecording(projectId)
  const remove = useDeleteRecording(projectId)
  const [selected, setSelected] = useViewState<ReadonlySet<string>>(view, NONE)
  const [activeId, setActiveId] = useViewState<string | null>(view, null)
  const [deleting, setDeleting] = useState<{ ids: string[]; bulk: boolean }>({ ids: [], bulk: false })
  const [helpOpen, setHelpOpen] = useState(false)
  const selectedIds = rows.filter((r) => selected.has(r.id)).map((r) => r.id)

  const toggleSelect = (id: string) => {
    const next = new Set(selected)
    if (!next.delete(id)) next.add(id)
    setSelected(next)
  }
  const toggleViewed = (r: SessionRecording) => {
    const may = viewedTogglePermission(r, canWrite)
    if (!may.allowed) refuseShortcut(may.reason, may === canWrite ? 'mark recordings viewed' : 'mark it unviewed')
    else update.mutate({ id: r.id, patch: { viewed: !r.viewed } })
  }
  const askDelete = (ids: string[], bulk: boolean) => {
    if (!canWrite.allowed) refuseShortcut(canWrite.reason, 'delete recordings')
    else if (bulk && bulkDeleter.busy) toast.info('Wait for the current bulk delete to finish.')
    else if (ids.length > 0) setDeleting({ ids, bulk })
  }
  const confirmDelete = (ids: string[]) => {
    if (deleting.bulk) {
      bulkDeleter.schedule(client, projectId, ids)
      setSelected(NONE)
    } else {
      remove.mutate(ids[0]!)
    }
    setDeleting({ ids: [], bulk: false })
  }

  useTriageKeys((action) => {
    const index = rows.findIndex((r) => r.id === activeId)
    const active = index >= 0 ? rows[index]! : null
    if (action.type === 'help') setHelpOpen(true)
    else if (action.type === 'clear') setSelected(NONE)
    else if (action.type === 'move') {
      const next = moveIndex(index >= 0 ? index : null, action.delta, rows.length)
      if (next === null) return
      const id = rows[next]!.id
      setActiveId(id)
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`tr[data-row-id="${CSS.escape(id)}"]`)?.focus())
    } else if (action.type === 'delete') {
      if (selectedIds.length > 0) askDelete(selectedIds, true)
      else if (active) askDelete([active.id], false)
    } else if (!active) return
    else if (action.type === 'open') navigate(detailHref(active.id))
    else if (action.type === 'toggle-viewed') toggleViewed(active)
    else if (action.type === 'toggle-select') toggleSelect(active.id)
  })

  return {
    canWrite,
    selected,
    selectedIds,
    toggleSelect,
    selectAll: (all: boolean) => setSelected(all ? new Set(rows.map((r) => r.id)) : NONE),
    clearSelection: () => setSelected(NONE),
    activeId,
    setActiveId,
    toggleViewed,
    askDelete,
    deleting,
    confirmDelete,
    cancelDelete: () => setDeleting({ ids: [], bulk: false }),
    helpOpen,
    setHelpOpen,
  }
}
