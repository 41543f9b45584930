import { useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { recordingQueries } from '../../api/session-recordings'
import { toPage } from '../../lib/page'
import { pendingIds, useBulkDeleteState } from './bulk-delete-store'
import { listRequest } from './recording-list-params'
import { useRecordingList } from './use-recording-list'

/** A neighbour in the list and the list page it is on. */
export type Neighbor = { id: string; page: number }
type Neighbors = { previous: Neighbor | null; next: Neighbor | null }
const UNKNOWN: Neighbors & { inList: false } = { previous: null, next: null, inList: false }

/**
 * Previous and next recording in the list order the user came from (page, sort and filters ride
 * along in the URL), crossing page boundaries. Once found they are remembered, so marking this
 * recording viewed under an "unviewed only" filter does not lose the way on.
 */
export function useNeighbors(projectId: number, id: string): Neighbors & { inList: boolean } {
  const { list, filters, rows: listed, page } = useRecordingList(projectId)
  // Recordings in a delete's undo window are not stepped to.
  const bulk = useBulkDeleteState()
  const rows = useMemo(() => {
    const hidden = pendingIds(bulk, projectId)
    return hidden.size === 0 ? listed : listed?.filter((r) => r.id === id || !hidden.has(r.id))
  }, [bulk, projectId, listed, id])
  const index = rows?.findIndex((r) => r.id === id) ?? -1
  const atStart = index === 0 && list.page > 1
  const atEnd = rows !== undefined && index === rows.length - 1 && Boolean(page?.hasNext)
  const adjacent = (delta: number) =>
    recordingQueries.list(projectId, listRequest(toPage(list.page + delta, list.pageSize), list.sort, filters))
  const before = useQuery({ ...adjacent(-1), enabled: atStart })
  const after = useQuery({ ...adjacent(1), enabled: atEnd })

  let found: Neighbors | null = null
  if (rows && index >= 0) {
    const prevRow = index > 0 ? rows[index - 1] : before.data?.results.at(-1)
    const nextRow = index < rows.length - 1 ? rows[index + 1] : after.data?.results[0]
    found = {
      previous: prevRow ? { id: prevRow.id, page: index > 0 ? list.page : list.page - 1 } : null,
      next: nextRow ? { id: nextRow.id, page: index < rows.length - 1 ? list.page : list.page + 1 } : null,
    }
  }
  const [remembered, setRemembered] = useState<{ id: string; value: Neighbors } | null>(null)
  if (found && (remembered?.id !== id || !sameNeighbors(remembered.value, found))) setRemembered({ id, value: found })
  if (found) return { ...found, inList: true }
  return remembered?.id === id ? { ...remembered.value, inList: true } : UNKNOWN
}

const sameNeighbors = (a: Neighbors, b: Neighbors) =>
  a.previous?.id === b.previous?.id &&
  a.next?.id === b.next?.id &&
  a.previous?.page === b.previous?.page &&
  a.next?.page === b.next?.page
