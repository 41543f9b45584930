import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as answers from './posthog-answers'

// A stand-in for a real PostHog on loopback, for proxy-mode tests: it answers the endpoints the
// console uses as PostHog's views do (envelopes, status codes, error bodies, the recordings list's
// RecordingsQuery validation that refuses unknown fields), from the fixtures in posthog-answers.ts.
// Every request is recorded, so a test can check what reached PostHog and in which form.

export type Seen = { method: string; path: string; query: URLSearchParams; body: unknown }

const json = (res: ServerResponse, status: number, body: unknown) =>
  void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))

const notFound = (res: ServerResponse) =>
  json(res, 404, { type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null })

/** DRF's LimitOffsetPagination (PostHog's default, 100 a page). */
function drfPage<T>(req: URL, rows: T[]) {
  const limit = Number(req.searchParams.get('limit')) || 100
  const offset = Number(req.searchParams.get('offset')) || 0
  return { count: rows.length, next: null, previous: null, results: rows.slice(offset, offset + limit) }
}

/** The RecordingsQuery fields PostHog's list takes (schema-general.ts); any other is refused, as pydantic's extra="forbid". */
const RECORDINGS_QUERY_FIELDS = new Set([
  'kind',
  'date_from',
  'date_to',
  'events',
  'actions',
  'properties',
  'console_log_filters',
  'having_predicates',
  'comment_text',
  'filter_test_accounts',
  'operand',
  'session_ids',
  'person_uuid',
  'distinct_ids',
  'order',
  'order_direction',
  'limit',
  'offset',
  'user_modified_filters',
])

type Recording = (typeof answers.recordings)[number]
type Predicate = { type: string; key: string; operator: string; value: unknown }

/** query_as_params_to_dict: each value JSON-decoded when it can be. */
const decoded = (value: string): unknown => {
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}

function compare(actual: number, operator: string, value: number) {
  if (operator === 'gt') return actual > value
  if (operator === 'gte') return actual >= value
  if (operator === 'lt') return actual < value
  if (operator === 'lte') return actual <= value
  return actual === value
}

function listRecordings(url: URL, rows: Recording[], res: ServerResponse) {
  const unknown = [...url.searchParams.keys()].filter((k) => !RECORDINGS_QUERY_FIELDS.has(k))
  if (unknown.length > 0) {
    // filter_from_params_to_query: pydantic's errors, JSON-encoded, as a DRF ValidationError.
    const errors = unknown.map((k) => ({ type: 'extra_forbidden', loc: [k], msg: 'Extra inputs are not permitted' }))
    return json(res, 400, {
      type: 'validation_error',
      code: 'invalid_input',
      detail: JSON.stringify(errors),
      attr: null,
    })
  }
  const q = Object.fromEntries([...url.searchParams].map(([k, v]) => [k, decoded(v)]))
  let kept = rows
  const from = String(q.date_from ?? '-3d')
  if (from !== 'all') {
    const days = /^-(\d+)d$/.exec(from)
    const since = days ? Date.now() - Number(days[1]) * 86_400_000 : Date.parse(from)
    kept = kept.filter((r) => Date.parse(r.start_time) >= since)
  }
  for (const p of (q.having_predicates ?? []) as Predicate[])
    if (p.key === 'duration') kept = kept.filter((r) => compare(r.recording_duration, p.operator, Number(p.value)))
  for (const f of (q.console_log_filters ?? []) as Predicate[])
    if (f.key === 'level' && Array.isArray(f.value) && f.value.includes('error'))
      kept = kept.filter((r) => r.console_error_count > 0)
  // RecordingOrder names the query's columns: `duration` is the recording's duration.
  const order = String(q.order ?? 'start_time')
  const field = (order === 'duration' ? 'recording_duration' : order) as keyof Recording
  const sign = q.order_direction === 'ASC' ? 1 : -1
  const value = (r: Recording) => (field === 'start_time' ? Date.parse(r.start_time) : Number(r[field] ?? 0))
  kept = [...kept].sort((a, b) => sign * (value(a) - value(b)))
  const limit = Number(q.limit) || 50
  const offset = Number(q.offset) || 0
  json(res, 200, { results: kept.slice(offset, offset + limit), has_next: offset + limit < kept.length, version: 4 })
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  let text = ''
  for await (const chunk of req) text += String(chunk)
  return text ? JSON.parse(text) : undefined
}

export async function startPostHogStandIn({ key }: { key: string }) {
  const seen: Seen[] = []
  const recordings = answers.recordings.map((r) => ({ ...r }))
  type Export = Omit<(typeof answers.batchExports)[number], 'destination'> & {
    destination: { type: string; integration: number | null; config: Record<string, unknown> }
  }
  const exports: Export[] = answers.batchExports.map((e) => structuredClone(e))
  let organization = structuredClone(answers.organization)
  const sharing = new Map<string, boolean>()

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://posthog.local')
      const method = req.method ?? 'GET'
      const body = await readBody(req)
      seen.push({ method, path: url.pathname, query: url.searchParams, body })
      if (req.headers.authorization !== `Bearer ${key}`)
        return json(res, 401, {
          type: 'authentication_error',
          code: 'authentication_failed',
          detail: 'Invalid personal API key.',
          attr: null,
        })
      const path = url.pathname
      const orgBase = `/api/organizations/${answers.ORG_ID}/`
      const recBase = `/api/projects/${answers.PROJECT_ID}/session_recordings/`
      if (path === '/api/users/@me/') return json(res, 200, { ...answers.me, organization })
      if (path === '/api/personal_api_keys/@current/') return json(res, 200, answers.currentKey)
      if (path === '/api/projects/') return json(res, 200, drfPage(url, [answers.project]))
      if (path === `/api/projects/${answers.PROJECT_ID}/`) return json(res, 200, answers.project)
      if (path === '/api/organizations/') return json(res, 200, drfPage(url, [organization]))
      if (path === orgBase) {
        if (method === 'PATCH') organization = { ...organization, ...(body as object) }
        return json(res, 200, organization)
      }
      if (path === `${orgBase}batch_exports/`) return json(res, 200, drfPage(url, exports))
      const exportPath = new RegExp(`^${orgBase}batch_exports/([^/]+)/(logs/)?$`).exec(path)
      if (exportPath) {
        const exp = exports.find((e) => e.id === exportPath[1])
        if (!exp) return notFound(res)
        if (exportPath[2]) return json(res, 403, answers.personalKeyRefusal)
        if (method === 'PATCH') {
          // BatchExportSerializer: destination.config is merged into the stored config.
          const patch = body as { name?: string; destination?: { config?: Record<string, unknown> } }
          if (patch.name) exp.name = patch.name
          if (patch.destination?.config)
            exp.destination = { ...exp.destination, config: { ...exp.destination.config, ...patch.destination.config } }
        }
        return json(res, 200, exp)
      }
      const runs = new RegExp(`^/api/projects/${answers.PROJECT_ID}/batch_exports/([^/]+)/runs/$`).exec(path)
      if (runs) {
        const exp = exports.find((e) => e.id === runs[1])
        return exp ? json(res, 200, { next: null, previous: null, results: exp.latest_runs }) : notFound(res)
      }
      if (path === recBase) return listRecordings(url, recordings, res)
      const one = new RegExp(`^${recBase}([^/]+)/(sharing/|snapshots/)?$`).exec(path)
      if (one) {
        const recording = recordings.find((r) => r.id === one[1])
        if (!recording)
          return json(res, 404, { ...answers.personalKeyRefusal, code: 'not_found', detail: 'Recording not found' })
        if (one[2] === 'snapshots/') return json(res, 200, { sources: [] })
        if (one[2] === 'sharing/') {
          if (method === 'PATCH') sharing.set(recording.id, Boolean((body as { enabled?: boolean }).enabled))
          return json(res, 200, {
            created_at: '2026-01-10T12:00:00Z',
            enabled: sharing.get(recording.id) ?? false,
            access_token: 'standInSharingToken',
            settings: null,
            password_required: false,
          })
        }
        if (method === 'PATCH') {
          // SessionRecordingUpdateSerializer: viewed: false alone is refused; the answer is only {success: true}.
          const patch = body as { viewed?: boolean; analyzed?: boolean }
          if (!patch.viewed && !patch.analyzed)
            return json(res, 400, {
              type: 'validation_error',
              code: 'invalid_input',
              detail: "At least one of 'viewed' or 'analyzed' must be provided.",
              attr: null,
            })
          if (patch.viewed) recording.viewed = true
          return json(res, 200, { success: true })
        }
        if (method === 'DELETE') {
          recordings.splice(recordings.indexOf(recording), 1)
          return void res.writeHead(204).end()
        }
        return json(res, 200, recording)
      }
      notFound(res)
    })().catch((error: unknown) => json(res, 500, { detail: String(error) }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    recordings,
    /** The recordings list requests that reached PostHog, newest last. */
    listRequests: () => seen.filter((s) => s.method === 'GET' && s.path.endsWith('/session_recordings/')),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
