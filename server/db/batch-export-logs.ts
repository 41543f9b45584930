import type { LogEntry, LogsQuery } from '../../src/contracts/batch-exports'
import { prepareCached, query, statements, type Db } from './database'

const sql = statements({
  insert: query<
    never,
    [exportId: string, instanceId: string, timestamp: string, level: LogEntry['level'], message: string]
  >('INSERT INTO batch_export_logs (batch_export_id, instance_id, timestamp, level, message) VALUES (?, ?, ?, ?, ?)'),
})

function where(exportId: string, q: LogsQuery) {
  const clauses = ['batch_export_id = ?']
  const args: unknown[] = [exportId]
  if (q.after) {
    clauses.push('timestamp > ?')
    args.push(new Date(q.after).toISOString())
  }
  if (q.before) {
    clauses.push('timestamp < ?')
    args.push(new Date(q.before).toISOString())
  }
  if (q.level?.length) {
    clauses.push(`level IN (${q.level.map(() => '?').join(', ')})`)
    args.push(...q.level)
  }
  if (q.search) {
    clauses.push("message LIKE ? ESCAPE '\\'")
    args.push(`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
  }
  if (q.instance_id) {
    clauses.push('instance_id = ?')
    args.push(q.instance_id)
  }
  return { sql: clauses.join(' AND '), args }
}

/** Log entries newest first, filtered as the logs endpoint allows. */
export function queryLogs(db: Db, exportId: string, q: LogsQuery, limit: number, offset: number) {
  const w = where(exportId, q)
  const count =
    prepareCached<number>(db, `SELECT COUNT(*) FROM batch_export_logs WHERE ${w.sql}`)
      .pluck()
      .get(...w.args) ?? 0
  const rows = prepareCached<LogEntry>(
    db,
    `SELECT batch_export_id AS log_source_id, instance_id, timestamp, level, message FROM batch_export_logs
       WHERE ${w.sql} ORDER BY timestamp DESC, id DESC LIMIT ? OFFSET ?`,
  ).all(...w.args, limit, offset)
  return { count, rows }
}

export function insertLog(db: Db, exportId: string, entry: Omit<LogEntry, 'log_source_id'>) {
  sql(db).insert.run(exportId, entry.instance_id, entry.timestamp, entry.level, entry.message)
}
