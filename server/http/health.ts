import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Db } from '../db/database'
import { databaseHealth } from '../db/health'
import { sendJson } from './headers'

/**
 * Probes as PostHog names and shapes them (posthog/health.py, posthog/views.py), for container platforms
 * and load balancers. No key, no rate limit, never cached.
 *
 * - `/_livez`: the process answers HTTP. Always 200 `{"http": true}`; checks nothing else.
 * - `/_readyz`: 200 when every check is true, else 503; the body maps each check to true/false.
 *   Local mode: `sqlite` (the database answers `SELECT 1`) and `sqlite_migrations_uptodate` (every
 *   migration this server knows is applied). Proxy mode: `upstream` (the PostHog instance answered an
 *   HTTP request, with any status below 500, within 3 s) — without it no /api call can succeed.
 *   `?exclude=name` (repeatable) keeps a check from failing the probe, as in PostHog.
 * - `/_health` (PostHog's older probe): `ok` as text/plain, or 503 with the reason as text.
 */
export function createHealth(options: { db?: Db; upstream?: string; timeoutMs?: number }) {
  const { db, upstream, timeoutMs = 3000 } = options
  const checks = async (): Promise<Record<string, boolean>> => {
    if (upstream) return { upstream: await upstreamAnswers(upstream, timeoutMs) }
    const health = db ? databaseHealth(db) : { answers: false, migrated: false }
    return { sqlite: health.answers, sqlite_migrations_uptodate: health.migrated }
  }

  return async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      const detail = `Method "${req.method}" not allowed.`
      return sendJson(
        res,
        405,
        { type: 'invalid_request', code: 'method_not_allowed', detail, attr: null },
        {
          Allow: 'GET, HEAD',
        },
      )
    }
    const probe = healthProbe(url.pathname)
    if (probe === 'livez') return sendJson(res, 200, { http: true })
    if (probe === 'readyz') {
      const results = await checks()
      const exclude = new Set(url.searchParams.getAll('exclude'))
      const ready = Object.entries(results).every(([name, ok]) => ok || exclude.has(name))
      return sendJson(res, ready ? 200 : 503, results)
    }
    if (upstream) return sendText(res, 200, 'ok')
    const health = db ? databaseHealth(db) : { answers: false, migrated: false }
    if (!health.answers) return sendText(res, 503, 'Database is not answering')
    sendText(res, health.migrated ? 200 : 503, health.migrated ? 'ok' : 'Migrations are not up to date')
  }
}

/** Which probe a path names (with or without a trailing slash), or null. */
export function healthProbe(pathname: string): 'health' | 'livez' | 'readyz' | null {
  const match = /^\/_(health|livez|readyz)\/?$/.exec(pathname)
  return (match?.[1] as 'health' | 'livez' | 'readyz' | undefined) ?? null
}

/** Any HTTP answer below 500 from the upstream's own liveness path counts: the network path and TLS work. */
async function upstreamAnswers(upstream: string, timeoutMs: number) {
  try {
    const res = await fetch(`${upstream.replace(/\/$/, '')}/_livez`, {
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
    await res.body?.cancel()
    return res.status < 500
  } catch {
    return false
  }
}

function sendText(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
  })
  res.end(text)
}
