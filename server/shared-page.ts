import { readFileSync, statSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { join, resolve } from 'node:path'
import type { SharedRecording } from '../src/contracts/shared-recording'
import type { Db } from './db/database'
import { findRecordingRow } from './db/recordings'
import { findSharedRecording } from './db/sharing'
import { sharedPagePolicy } from './http/headers'
import { sendBody } from './http/send-body'

const ONGOING_MS = 5 * 60_000

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;
background:#f6f7f9;color:#1f2328}main{background:#fff;border:1px solid #d8dde3;border-radius:12px;padding:24px 28px;
max-width:460px;margin:16px}h1{font-size:18px;margin:0 0 8px}p{margin:0;color:#59636e}
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}main{background:#161b22;border-color:#30363d}
p{color:#9198a1}}`

const GONE = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>This link does not work</title>
<style>${STYLE}</style><main><h1>This link does not work</h1><p>The recording is no longer shared: sharing was
turned off, the link was replaced by a new one, or the recording was deleted. Ask the person who sent it for a new link.</p></main></html>`

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Shared recording</title>
<p>The console has not been built. Run <code>npm run build</code> (or <code>npm start</code>, which builds first).</p>`

/** JSON that is safe inside a <script type="application/json"> element (no `</script>`, no `<!--`). */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/**
 * The public pages behind a shared recording link: `/shared/:token` and `/embedded/:token` serve the
 * small player entry (dist/shared.html) with the recording's times in it; a token that is not (or no
 * longer) shared gets "This link does not work" with a 404. Only the embed may be framed, by any site.
 */
export function createSharedPageHandler(db: Db, staticDir: string) {
  const htmlPath = join(resolve(staticDir), 'shared.html')
  let cached: { mtimeMs: number; html: string } | null = null
  const template = () => {
    const stat = statSync(htmlPath, { throwIfNoEntry: false })
    if (!stat?.isFile()) return null
    if (cached?.mtimeMs !== stat.mtimeMs) cached = { mtimeMs: stat.mtimeMs, html: readFileSync(htmlPath, 'utf8') }
    return cached.html
  }

  return (res: ServerResponse, pathname: string) => {
    const [, kind, token] = pathname.split('/')
    const embedded = kind === 'embedded'
    const shared = token ? findSharedRecording(db, token) : undefined
    const row = shared && findRecordingRow(db, shared.team_id, shared.recording_id)
    res.setHeader('Content-Security-Policy', sharedPagePolicy(embedded))
    if (embedded) res.removeHeader('X-Frame-Options')
    const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }
    // Made per request (the recording's times, its ongoing state): compressed as API answers are, no ETag.
    const send = (status: number, html: string) =>
      sendBody(res, status, Buffer.from(html), headers, { etag: false, minSize: 1024 })
    if (!row) return send(404, GONE)
    const html = template()
    if (!html) return send(200, NOT_BUILT)
    const data: SharedRecording = {
      project_id: row.team_id,
      id: row.id,
      recording_duration: row.recording_duration,
      start_time: new Date(row.start_time).toISOString(),
      end_time: new Date(row.end_time).toISOString(),
      ongoing: Date.now() - row.end_time < ONGOING_MS,
      embedded,
    }
    const script = `<script type="application/json" id="shared-recording">${scriptJson(data)}</script>`
    send(200, html.replace('</head>', `${script}</head>`))
  }
}
