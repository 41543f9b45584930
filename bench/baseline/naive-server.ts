// Baseline for the list benchmark: node:http + better-sqlite3, `SELECT … LIMIT/OFFSET`, no auth, no validation.
import Database from 'better-sqlite3'
import { createServer } from 'node:http'

const [dbPath, port, teamId] = process.argv.slice(2)
const db = new Database(dbPath!, { readonly: true })
const page = db.prepare(
  'SELECT * FROM session_recordings WHERE team_id = ? AND deleted_at IS NULL ORDER BY start_time DESC LIMIT ? OFFSET ?',
)
createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x')
  const rows = page.all(
    Number(teamId),
    Number(url.searchParams.get('limit') ?? 100),
    Number(url.searchParams.get('offset') ?? 0),
  )
  const body = JSON.stringify({ results: rows })
  res.writeHead(200, { 'content-type': 'application/json' }).end(body)
}).listen(Number(port), '127.0.0.1', () => console.log('Ready'))
