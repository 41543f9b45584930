import type { ServerResponse } from 'node:http'
import type { Db } from './db/database'
import { findRecordingRow } from './db/recordings'
import { findSharedRecording } from './db/sharing'

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;
background:#f6f7f9;color:#1f2328}main{background:#fff;border:1px solid #d8dde3;border-radius:12px;padding:24px 28px;
max-width:520px}h1{font-size:18px;margin:0 0 12px}dl{display:grid;grid-template-columns:auto 1fr;gap:4px 16px;margin:0}
dt{color:#656d76}dd{margin:0;font-variant-numeric:tabular-nums;word-break:break-all}`

/** The public page behind a shared recording link (`/shared/:token`, `/embedded/:token`). */
export function createSharedPageHandler(db: Db) {
  return (res: ServerResponse, pathname: string) => {
    const [, kind, token] = pathname.split('/')
    const shared = token ? findSharedRecording(db, token) : undefined
    const row = shared && findRecordingRow(db, shared.team_id, shared.recording_id)
    const embedded = kind === 'embedded'
    // Only the embed may be framed, by any site; both pages load nothing but their inline style.
    res.setHeader(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'unsafe-inline'; frame-ancestors ${embedded ? '*' : "'none'"}`,
    )
    if (embedded) res.removeHeader('X-Frame-Options')
    const body = row
      ? `<h1>Shared session recording</h1><dl><dt>Session</dt><dd>${escape(row.id)}</dd><dt>Started</dt><dd>${new Date(
          row.start_time,
        ).toISOString()}</dd><dt>Duration</dt><dd>${row.recording_duration} s</dd></dl>`
      : '<h1>This link does not work</h1><p>The recording is not shared, the link was rotated, or it was deleted.</p>'
    res.writeHead(row ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
    res.end(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>Shared recording</title><style>${STYLE}</style><main>${body}</main></html>`,
    )
  }
}
