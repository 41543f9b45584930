import type { LogLevel } from '../../src/contracts/batch-exports'
import { insertLog } from '../db/batch-export-logs'
import type { Db } from '../db/database'
import type { Clock } from './clock'

/** A line in the export's logs, stamped by the engine's clock. An export deleted meanwhile has no logs to write to. */
export function writeLog(db: Db, clock: Clock, exportId: string, runId: string, level: LogLevel, message: string) {
  try {
    insertLog(db, exportId, { instance_id: runId, timestamp: new Date(clock.now()).toISOString(), level, message })
  } catch (error) {
    if (!/FOREIGN KEY/i.test(String((error as Error).message))) throw error
  }
}
