import * as z from 'zod/mini'
import {
  MAX_BLOB_KEYS_PER_KEY_REQUEST,
  MAX_BLOB_KEYS_PER_SHARED_REQUEST,
  snapshotSources,
  type SnapshotSource,
} from '../contracts/session-recording-snapshots'
import { describeError, isApiError } from '../lib/api-error'
import { request } from './request'
import { retryDelay, shouldRetryQuery } from './retry'

export type { SnapshotSource }

/**
 * Where a player gets a recording's rrweb data, in the two steps of PostHog's snapshots endpoint: the
 * list of sources, then the JSONL of a run of them. The player knows nothing else about the API.
 */
export interface SnapshotLoader {
  /** The sources that have arrived so far, in blob-key order ([] when the recording has no data). */
  sources: (signal?: AbortSignal) => Promise<SnapshotSource[]>
  /** JSONL for `batch` (consecutive sources from one `batches` group). */
  load: (batch: SnapshotSource[], signal?: AbortSignal) => Promise<string>
  /** Sources grouped into the requests `load` takes: consecutive blob_v2 keys, a bounded number each. */
  batches: (sources: SnapshotSource[]) => SnapshotSource[][]
  /** A sentence for a failure of `sources` or `load`. */
  describe: (error: unknown) => string
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true })
  })

/** Retries what may pass on its own (network, 5xx, 429 after Retry-After), as the console's queries do. */
async function withRetry<T>(attempt: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let failures = 0; ; failures++) {
    try {
      return await attempt()
    } catch (error) {
      if (signal?.aborted || !shouldRetryQuery(failures, error)) throw error
      await sleep(retryDelay(failures + 1, error), signal)
    }
  }
}

const path = (projectId: number, recordingId: string) =>
  `/api/projects/${projectId}/session_recordings/${encodeURIComponent(recordingId)}/snapshots/`

/** Playable sources grouped into requests: runs of consecutive blob_v2 keys, long-term-storage files alone. */
export function groupSources(sources: SnapshotSource[], maxKeys: number): SnapshotSource[][] {
  const groups: SnapshotSource[][] = []
  let run: SnapshotSource[] = []
  const close = () => {
    if (run.length) groups.push(run)
    run = []
  }
  for (const source of sources) {
    if (source.source === 'blob_v2_lts' && source.blob_key) {
      close()
      groups.push([source])
    } else if (source.source === 'blob_v2' && source.blob_key && /^\d+$/.test(source.blob_key)) {
      const previous = run.at(-1)
      if (previous && (Number(source.blob_key) !== Number(previous.blob_key) + 1 || run.length >= maxKeys)) close()
      run.push(source)
    }
    // Other kinds (PostHog's retired realtime and v1 blobs) are not played.
  }
  close()
  return groups
}

/**
 * The snapshots of one recording: with the signed-in key, or — on a public page — with the sharing
 * token in the query and no key at all (as PostHog's shared player asks).
 */
export function snapshotLoader(
  projectId: number,
  recordingId: string,
  access: { sharingToken?: string } = {},
): SnapshotLoader {
  const shared = access.sharingToken !== undefined
  const auth = shared ? { sharing_access_token: access.sharingToken } : {}
  const options = { anonymous: shared }
  const maxKeys = shared ? MAX_BLOB_KEYS_PER_SHARED_REQUEST : MAX_BLOB_KEYS_PER_KEY_REQUEST
  return {
    sources: async (signal) => {
      try {
        const answer = await withRetry(
          () => request(path(projectId, recordingId), snapshotSources, { ...options, query: auth, signal }),
          signal,
        )
        return answer.sources
      } catch (error) {
        // PostHog answers 404 for a recording it holds no snapshot data for.
        if (isApiError(error) && error.status === 404) return []
        throw error
      }
    },
    load: (batch, signal) => {
      const first = batch[0]!
      const query =
        first.source === 'blob_v2_lts'
          ? { source: 'blob_v2_lts', blob_key: first.blob_key }
          : { source: 'blob_v2', start_blob_key: first.blob_key, end_blob_key: batch.at(-1)!.blob_key }
      const url = path(projectId, recordingId)
      return withRetry(
        () => request(url, z.string(), { ...options, query: { ...query, ...auth }, signal, responseType: 'text' }),
        signal,
      )
    },
    batches: (sources) => groupSources(sources, maxKeys),
    describe: describeError,
  }
}
