import * as z from 'zod/mini'

/**
 * GET …/session_recordings/:id/snapshots/ as PostHog's player uses it: without `source` it lists the
 * recording's chunks ("sources"); with `source=blob_v2&start_blob_key=A&end_blob_key=B` it answers
 * those chunks' events as JSONL (`application/jsonl`, one `[windowId, event]` per line).
 */

export const SNAPSHOT_SOURCE = 'blob_v2'
/** Most blob keys one data request may span (PostHog's limit for personal API keys; sharing links get 100). */
export const MAX_BLOB_KEYS_PER_KEY_REQUEST = 20
export const MAX_BLOB_KEYS_PER_SHARED_REQUEST = 100

export const snapshotSource = z.object({
  source: z.string(),
  start_timestamp: z.optional(z.nullable(z.string())),
  end_timestamp: z.optional(z.nullable(z.string())),
  blob_key: z.optional(z.nullable(z.string())),
})
export type SnapshotSource = z.infer<typeof snapshotSource>

export const snapshotSources = z.object({ sources: z.array(snapshotSource) })
export type SnapshotSources = z.infer<typeof snapshotSources>

const blobKey = z.pipe(z.string().check(z.regex(/^\d{1,9}$/, 'Blob keys must be integers.')), z.transform(Number))
const flag = z.enum(['true', 'false', '1', '0'], { error: 'Must be true or false.' })

/** The query the snapshots endpoint takes (`blob_v2` and `version` are legacy flags, accepted and ignored). */
export const snapshotsQuery = z
  .strictObject({
    source: z.optional(
      z.enum(['blob_v2', 'blob_v2_lts'], { error: 'Invalid source: must be blob_v2 or blob_v2_lts.' }),
    ),
    blob_key: z.optional(z.string().check(z.maxLength(1000))),
    start_blob_key: z.optional(blobKey),
    end_blob_key: z.optional(blobKey),
    decompress: z.optional(flag),
    sharing_access_token: z.optional(z.string().check(z.maxLength(200))),
    blob_v2: z.optional(z.string().check(z.maxLength(10))),
    version: z.optional(z.string().check(z.maxLength(10))),
  })
  .check(
    z.superRefine((q, ctx) => {
      if (q.decompress === 'false' || q.decompress === '0')
        ctx.addIssue({
          code: 'custom',
          path: ['decompress'],
          message: 'Only decompressed data is served: leave out decompress or send decompress=true.',
        })
      if (q.source === 'blob_v2') {
        for (const name of ['start_blob_key', 'end_blob_key'] as const)
          if (q[name] === undefined)
            ctx.addIssue({
              code: 'custom',
              path: [name],
              message: 'Must provide both start blob key and end blob key.',
            })
        if (q.start_blob_key !== undefined && q.end_blob_key !== undefined && q.end_blob_key < q.start_blob_key)
          ctx.addIssue({
            code: 'custom',
            path: ['end_blob_key'],
            message: 'end_blob_key must not be before start_blob_key.',
          })
      }
      if (q.source === 'blob_v2_lts' && !q.blob_key)
        ctx.addIssue({ code: 'custom', path: ['blob_key'], message: 'Must provide a blob key.' })
    }),
  )
export type SnapshotsQuery = z.output<typeof snapshotsQuery>
