import { useSyncExternalStore } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { describeError, isApiError } from '../../lib/api-error'
import { retryDelay, shouldRetryMutation } from '../../api/retry'
import { deleteRecording, forgetRecording, recordingQueries } from '../../api/session-recordings'
import { toast } from '../../components/toast'
import { plural } from '../../lib/format'
import { runLimited, summarizeBulkDelete, type BulkDeleteSummary, type DeleteOutcome } from './bulk-delete-plan'

export const UNDO_MS = 5000
const CONCURRENCY = 4
const TOAST_ID = 'bulk-delete'

/** How a delete started elsewhere than the list's selection is announced (the detail page's). */
export type ScheduleOptions = {
  /** The toast's title, e.g. which recording is going. */
  title?: string
  /** What happened meanwhile, e.g. which recording is shown now. */
  description?: string
  /** After an undo (e.g. back to the recording that was kept). */
  onUndo?: () => void
}

export type BulkDeleteState =
  | { phase: 'idle' }
  | { phase: 'waiting'; projectId: number; ids: string[] }
  | { phase: 'running'; projectId: number; ids: string[] }
  | { phase: 'done'; projectId: number; summary: BulkDeleteSummary }

/**
 * A bulk delete outlives the page that started it: the 5-second undo window, the requests and the
 * summary live here, so leaving the list neither cancels nor loses them.
 */
class BulkDeleter {
  private state: BulkDeleteState = { phase: 'idle' }
  private listeners = new Set<() => void>()
  private timer: ReturnType<typeof setTimeout> | null = null
  private onUndo: (() => void) | undefined

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getState = () => this.state

  private set(next: BulkDeleteState) {
    this.state = next
    for (const listener of this.listeners) listener()
  }

  get busy() {
    return this.state.phase === 'waiting' || this.state.phase === 'running'
  }

  /**
   * Hides the rows at once; the requests go out only when the undo window has passed. Another delete in
   * the same project while one waits (triage: delete, next, delete) joins it and the window starts over;
   * while the requests run, it is refused (check `busy` first).
   */
  schedule(client: QueryClient, projectId: number, ids: string[], options: ScheduleOptions = {}) {
    if (ids.length === 0 || this.state.phase === 'running') return
    const joining = this.state.phase === 'waiting' && this.state.projectId === projectId
    if (this.state.phase === 'waiting' && !joining) return
    if (this.timer) clearTimeout(this.timer)
    const all = joining && this.state.phase === 'waiting' ? [...this.state.ids, ...ids] : ids
    this.onUndo = options.onUndo
    this.set({ phase: 'waiting', projectId, ids: all })
    this.timer = setTimeout(() => void this.send(client, projectId, all), UNDO_MS)
    const title =
      all.length === ids.length && options.title ? options.title : `Deleting ${plural(all.length, 'recording')}…`
    toast(title, {
      id: TOAST_ID,
      description: [options.description, 'Nothing is deleted until this closes.'].filter(Boolean).join(' '),
      duration: UNDO_MS,
      action: { label: 'Undo', onClick: () => this.undo() },
    })
  }

  undo() {
    if (this.state.phase !== 'waiting') return
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const count = this.state.ids.length
    const after = this.onUndo
    this.onUndo = undefined
    this.set({ phase: 'idle' })
    toast.success(`Undone: ${plural(count, 'recording')} kept`, {
      id: TOAST_ID,
      description: undefined,
      action: undefined,
    })
    after?.()
  }

  /** Sends the deletes again for the ones that failed (no undo window: the user just asked). */
  retryFailed(client: QueryClient) {
    if (this.state.phase !== 'done' || this.state.summary.failed.length === 0) return
    void this.send(
      client,
      this.state.projectId,
      this.state.summary.failed.map((f) => f.id),
    )
  }

  dismiss() {
    if (this.state.phase === 'done') this.set({ phase: 'idle' })
  }

  private async send(client: QueryClient, projectId: number, ids: string[]) {
    this.timer = null
    this.onUndo = undefined
    this.set({ phase: 'running', projectId, ids })
    toast.loading(`Deleting ${plural(ids.length, 'recording')}…`, {
      id: TOAST_ID,
      description: undefined,
      action: undefined,
      duration: Infinity,
    })
    const outcomes = await runLimited(ids, CONCURRENCY, async (id): Promise<DeleteOutcome> => {
      try {
        await deleteWaitingOutThrottling(projectId, id)
        return { id, ok: true }
      } catch (error) {
        // Already gone is what the user wanted.
        if (isApiError(error) && error.status === 404) return { id, ok: true }
        return { id, ok: false, error: describeError(error) }
      }
    })
    const summary = summarizeBulkDelete(outcomes)
    for (const id of summary.deleted) forgetRecording(client, projectId, id)
    void client.invalidateQueries({ queryKey: recordingQueries.lists(projectId) })
    this.set({ phase: 'done', projectId, summary })
    if (summary.failed.length === 0) toast.success(summary.message, { id: TOAST_ID, duration: 4000 })
    else
      toast.error(summary.message, { id: TOAST_ID, description: 'The summary on the recordings pages offers a retry.' })
  }
}

/** One delete; a 429 waits out its Retry-After and tries again, as the console's mutations do. */
async function deleteWaitingOutThrottling(projectId: number, id: string) {
  for (let failures = 0; ; failures++) {
    try {
      return await deleteRecording(projectId, id)
    } catch (error) {
      if (!shouldRetryMutation(failures, error)) throw error
      await new Promise((resolve) => setTimeout(resolve, retryDelay(failures + 1, error)))
    }
  }
}

export const bulkDeleter = new BulkDeleter()

export function useBulkDeleteState(): BulkDeleteState {
  return useSyncExternalStore(bulkDeleter.subscribe, bulkDeleter.getState)
}

/** Rows of this project that are on their way out (hidden while the undo window and the requests run). */
export function pendingIds(state: BulkDeleteState, projectId: number): ReadonlySet<string> {
  if ((state.phase === 'waiting' || state.phase === 'running') && state.projectId === projectId)
    return new Set(state.ids)
  return EMPTY
}
const EMPTY: ReadonlySet<string> = new Set()
