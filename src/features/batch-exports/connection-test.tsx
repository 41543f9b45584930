import { useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useFormContext } from 'react-hook-form'
import { CheckCircle2, Circle, CircleSlash, Loader2, PlugZap, XCircle } from 'lucide-react'
import type { TestStepStatus } from '../../contracts/batch-export-runs'
import type { BatchExportCreate, BatchExportPatch, DestinationType } from '../../contracts/batch-exports'
import { batchExportRunQueries, runTestStep } from '../../api/batch-export-runs'
import { describeError, isApiError } from '../../lib/api-error'
import { Button } from '../../components/button'
import { Callout } from '../../components/callout'
import { exportFormSchema, type ExportFormValues } from './export-form-values'
import './batch-exports.css'
import './connection-test.css'

type StepState = {
  name: string
  description: string
  status: TestStepStatus | 'Pending' | 'Running'
  message: string | null
}

type Props = {
  orgId: string
  /** The saved export being edited (its stored secrets fill in what the editor leaves empty), or null when creating. */
  exportId: string | null
  storedType: DestinationType | null
  disabled: boolean
}

const ICONS = {
  Pending: <Circle size={16} aria-hidden className="muted" />,
  Running: <Loader2 size={16} aria-hidden className="spin" />,
  Passed: <CheckCircle2 size={16} aria-hidden className="text-green" />,
  Failed: <XCircle size={16} aria-hidden className="text-red" />,
  Skipped: <CircleSlash size={16} aria-hidden className="muted" />,
}

/**
 * "Test connection" in the editor: runs the destination's test steps one by one with what is typed
 * (nothing is saved), showing each step's result; steps after a failure are skipped, as PostHog's
 * test does.
 */
export function ConnectionTest({ orgId, exportId, storedType, disabled }: Props) {
  const client = useQueryClient()
  const form = useFormContext<ExportFormValues>()
  const [steps, setSteps] = useState<StepState[] | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [running, setRunning] = useState(false)
  const abort = useRef<AbortController | null>(null)
  const type = form.watch('destination.type')

  async function run() {
    abort.current?.abort()
    const controller = (abort.current = new AbortController())
    setProblem(null)
    setSteps(null)
    const values = form.getValues()
    const mode = exportId && storedType ? ({ kind: 'edit', storedType } as const) : ({ kind: 'create' } as const)
    // A name is not needed to test a connection: an unnamed new export is tested under a placeholder.
    const parsed = exportFormSchema(mode).safeParse({ ...values, name: values.name.trim() || 'Connection test' })
    if (!parsed.success) {
      await form.trigger()
      setProblem('Fix the highlighted fields first: the test uses what is typed here.')
      return
    }
    const body = parsed.data as BatchExportCreate | BatchExportPatch
    setRunning(true)
    try {
      const { steps: listed } = await client.fetchQuery(batchExportRunQueries.testSteps(orgId, type))
      let current: StepState[] = listed.map((s) => ({ ...s, status: 'Pending', message: null }))
      setSteps(current)
      const update = (i: number, patch: Partial<StepState>) => {
        current = current.map((s, j) => (j === i ? { ...s, ...patch } : s))
        setSteps(current)
      }
      for (let i = 0; i < current.length; i++) {
        update(i, { status: 'Running' })
        const step = await runTestStep(orgId, exportId, body, i, controller.signal)
        update(i, { status: step.result?.status ?? 'Failed', message: step.result?.message ?? null })
        if (step.result?.status === 'Failed') {
          for (let j = i + 1; j < current.length; j++)
            update(j, { status: 'Skipped', message: 'An earlier step failed.' })
          break
        }
      }
    } catch (error) {
      if (controller.signal.aborted) return
      setProblem(
        isApiError(error) && error.status === 404
          ? `There is no connection test for ${type} destinations on this server.`
          : `The test could not run: ${describeError(error)}`,
      )
    } finally {
      if (abort.current === controller) setRunning(false)
    }
  }

  const passed = steps?.every((s) => s.status === 'Passed' || s.status === 'Skipped') && !running
  return (
    <div className="connection-test">
      <div className="connection-test-head">
        <Button
          icon={<PlugZap size={15} aria-hidden />}
          loading={running}
          disabled={disabled}
          onClick={() => void run()}
        >
          Test connection
        </Button>
        <span className="field-help">Checks the destination with what is typed here; nothing is saved.</span>
      </div>
      {problem && (
        <Callout tone="warning" role="alert">
          {problem}
        </Callout>
      )}
      {steps && (
        <ol className="test-steps" aria-label="Connection test" aria-live="polite" aria-busy={running}>
          {steps.map((s) => (
            <li key={s.name} className="test-step" data-status={s.status}>
              {ICONS[s.status]}
              <div>
                <div className="test-step-name">
                  {s.name} <span className="test-step-status">{s.status === 'Running' ? 'Running…' : s.status}</span>
                </div>
                <div className="field-help">{s.message ?? s.description}</div>
              </div>
            </li>
          ))}
        </ol>
      )}
      {passed && steps && steps.length > 0 && steps.some((s) => s.status === 'Passed') && (
        <p className="field-help text-green" role="status">
          Every step passed.
        </p>
      )}
    </div>
  )
}
