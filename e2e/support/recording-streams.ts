import { openDatabase } from '../../server/db/database'
import { insertRecordings, type NewRecording } from '../../server/db/recordings'
import { corruptSnapshotChunk } from '../../server/db/snapshot-faults'
import { appendSnapshotChunks, type SnapshotEvent } from '../../server/db/snapshots'
import { createRandom } from '../../server/seed/random'
import { DATABASE_PATH } from './env'

/**
 * Writes one recording straight into the e2e database (the API has no create) with exactly the
 * stream given, split into chunks of `perChunk` events; `corrupt` damages those chunks at rest.
 */
export function addRecording(
  projectId: number,
  row: Partial<NewRecording>,
  events: SnapshotEvent[] | null,
  { perChunk = 4, corrupt = [] as number[] } = {},
): NewRecording {
  const start = events?.[0]?.timestamp ?? Date.now() - 3_600_000
  const end = events?.at(-1)?.timestamp ?? start + 10_000
  const recording: NewRecording = {
    id: createRandom(Math.floor(Math.random() * 1e9)).sessionId(start),
    team_id: projectId,
    distinct_id: null,
    viewed: 0,
    recording_duration: Math.round((end - start) / 1000),
    active_seconds: Math.round((end - start) / 1000),
    inactive_seconds: 0,
    start_time: start,
    end_time: end,
    click_count: 0,
    keypress_count: 0,
    mouse_activity_count: 0,
    console_log_count: 0,
    console_warn_count: 0,
    console_error_count: 0,
    start_url: 'https://app.example.com/',
    storage: 'object_storage',
    snapshot_source: 'web',
    activity_score: 1,
    ...row,
  }
  const { db } = openDatabase(DATABASE_PATH)
  try {
    insertRecordings(db, [recording])
    if (events) {
      const chunks = []
      for (let i = 0; i * perChunk < events.length; i++)
        chunks.push({ key: `e2e-${i}`, windowId: 'window-1', events: events.slice(i * perChunk, (i + 1) * perChunk) })
      appendSnapshotChunks(db, projectId, recording.id, chunks)
      for (const blobKey of corrupt) corruptSnapshotChunk(db, projectId, recording.id, blobKey)
    }
  } finally {
    db.close()
  }
  return recording
}

const el = (id: number, tagName: string, attributes: Record<string, string> = {}, childNodes: object[] = []) => ({
  type: 2,
  id,
  tagName,
  attributes,
  childNodes,
})
const text = (id: number, textContent: string) => ({ type: 3, id, textContent })
const PWN = 'parent.__pwned = (parent.__pwned || 0) + 1; top.__pwned = 1; alert(document.domain)'

/**
 * A stream crafted to run code in the viewer's page if the player let it: script elements and text,
 * inline handlers, javascript: links and a javascript: meta refresh, an iframe with srcdoc, an object
 * with an HTML data: URL, <base>, SVG animation to a javascript: href, a mutation that adds more of the
 * same, a hostile page URL and console text that is HTML.
 */
export function hostileStream(start = Date.now() - 3_600_000): SnapshotEvent[] {
  const page = el(2, 'html', {}, [
    el(3, 'head', {}, [
      el(4, 'meta', { 'http-equiv': 'refresh', content: '1;url=javascript:parent.__pwned=1' }),
      el(5, 'base', { href: 'https://evil.example/' }),
      el(6, 'script', {}, [text(7, PWN)]),
      el(8, 'script', { src: 'https://evil.example/x.js' }),
    ]),
    el(10, 'body', { onload: PWN }, [
      el(11, 'h1', { onmouseover: PWN }, [text(12, 'Hostile page')]),
      el(13, 'a', { id: 'js-link', href: 'javascript:parent.__pwned=1' }, [text(14, 'a link')]),
      el(15, 'img', { src: 'x', onerror: PWN }),
      el(16, 'iframe', { srcdoc: `<script>${PWN}</script>` }),
      el(17, 'object', { data: `data:text/html,<script>${PWN}</script>` }),
      el(18, 'svg', {}, [
        el(19, 'a', {}, [el(20, 'animate', { attributeName: 'href', values: 'javascript:parent.__pwned=1' })]),
      ]),
      el(21, 'form', { action: 'javascript:parent.__pwned=1' }, [
        el(22, 'button', { formaction: 'javascript:1' }, [text(23, 'Go')]),
      ]),
    ]),
  ])
  const scroll = (t: number) => ({ type: 3, timestamp: start + t, data: { source: 3, id: 1, x: 0, y: 0 } })
  return [
    { type: 4, timestamp: start, data: { href: 'javascript:alert(document.domain)', width: 1000, height: 700 } },
    {
      type: 2,
      timestamp: start,
      data: { node: { type: 0, id: 1, childNodes: [page] }, initialOffset: { top: 0, left: 0 } },
    },
    scroll(0),
    {
      type: 3,
      timestamp: start + 800,
      data: {
        source: 0,
        adds: [
          { parentId: 10, nextId: null, node: el(30, 'img', { src: 'y', onerror: PWN }) },
          { parentId: 10, nextId: null, node: el(31, 'script', {}, [text(32, PWN)]) },
          { parentId: 6, nextId: null, node: text(33, PWN) },
        ],
        attributes: [{ id: 13, attributes: { href: 'javascript:parent.__pwned=1', onclick: PWN } }],
        texts: [{ id: 7, value: PWN }],
        removes: [],
      },
    },
    {
      type: 6,
      timestamp: start + 1000,
      data: {
        plugin: 'rrweb/console@1',
        payload: { level: 'error', payload: [JSON.stringify('<img src=x onerror="parent.__pwned=1">')], trace: [] },
      },
    },
    scroll(2000),
    scroll(4000),
    scroll(6000),
  ]
}
