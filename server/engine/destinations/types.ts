import type { z } from 'zod'
import type { BatchExportModel } from '../../../src/contracts/batch-exports'
import type { TestStepStatus } from '../../../src/contracts/batch-export-runs'
import type { ExportRecord } from '../../db/export-records'

/** Everything a destination needs to export one data window. */
export interface ExportContext {
  exportId: string
  runId: string
  teamId: number
  model: BatchExportModel
  /** The data window, epoch ms, `[start, end)`. */
  window: { start: number; end: number }
  /** Aborted when the run is cancelled: in-flight requests stop. */
  signal: AbortSignal
  /** A line in the export's logs (what an admin reads in the console). */
  log: (level: 'DEBUG' | 'INFO' | 'WARNING' | 'ERROR', message: string) => void
}

/** What a finished window wrote. */
export interface ExportSummary {
  records: number
  bytes: number
  /** Where the rows went, for the finishing log line ("to s3://bucket/key"). */
  target: string
}

/** One window's export in progress: pages of rows in, a summary out; `abort` leaves nothing half-written behind. */
export interface DestinationWriter {
  write(batch: ExportRecord[]): Promise<void>
  close(): Promise<ExportSummary>
  abort(): Promise<void>
}

export interface TestStepResult {
  status: TestStepStatus
  message: string | null
}

/** One step of a connection test; later steps are skipped once one fails. */
export interface TestStepDefinition<C> {
  name: string
  description: string
  run(config: C, signal: AbortSignal): Promise<TestStepResult>
}

/**
 * A destination module: `open(config) → write(batch) → close() → summary`, plus the steps of `test(config)`.
 * `config` reads a stored config (JSON from the database) as the module's config type.
 */
export interface Destination<C = Record<string, unknown>> {
  config: z.core.$ZodType<C>
  open(config: C, context: ExportContext): Promise<DestinationWriter>
  testSteps: TestStepDefinition<C>[]
}

export const passed = (): TestStepResult => ({ status: 'Passed', message: null })
export const failed = (message: string): TestStepResult => ({ status: 'Failed', message })
