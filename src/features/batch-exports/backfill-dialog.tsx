import { useState, type FormEvent } from 'react'
import { AlertTriangle } from 'lucide-react'
import type { BatchExport } from '../../contracts/batch-exports'
import { useBackfill } from '../../api/batch-exports'
import { describeError, isApiError } from '../../lib/api-error'
import { Badge } from '../../components/badge'
import { Button } from '../../components/button'
import { Callout } from '../../components/callout'
import { Dialog } from '../../components/dialog'
import { Field, Input, Select } from '../../components/field'
import { planBackfill, type BackfillProblem } from '../../lib/backfill-plan'
import { INTERVAL_MS } from '../../lib/schedule'
import { formatRangeInZone, instantToLocalInput, toZonedIso, zonedToInstant } from '../../lib/schedule-zone'
import { plural } from '../../lib/format'
import { formatUtc } from '../../lib/time'
import './batch-exports.css'
import './backfill-dialog.css'

const SHOWN_RUNS = 100

type Props = { orgId: string; exp: BatchExport; zones: string[]; onClose: () => void }

/** Defaults to the last five whole intervals before now. */
function defaultRange(exp: BatchExport, zone: string) {
  const step = INTERVAL_MS[exp.interval]
  const end = Math.floor(Date.now() / step) * step
  return { start: instantToLocalInput(new Date(end - 5 * step), zone), end: instantToLocalInput(new Date(end), zone) }
}

/**
 * Backfill a past range (the deprecated endpoint). Validates as the server does, lists the runs
 * it will create, and warns where they re-export windows that already ran.
 */
export function BackfillDialog({ orgId, exp, zones, onClose }: Props) {
  const [zone, setZone] = useState(zones[0] ?? 'UTC')
  const [range, setRange] = useState(() => defaultRange(exp, zones[0] ?? 'UTC'))
  const [serverProblem, setServerProblem] = useState<BackfillProblem | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const backfill = useBackfill(orgId, exp.id)

  const toIso = (local: string) => {
    const resolved = zonedToInstant(local, zone)
    return resolved ? toZonedIso(resolved.instant, zone) : ''
  }
  const startAt = toIso(range.start)
  const endAt = toIso(range.end)
  const missing: BackfillProblem[] = [
    ...(startAt ? [] : [{ field: 'start_at' as const, message: 'Enter the start date and time.' }]),
    ...(endAt ? [] : [{ field: 'end_at' as const, message: 'Enter the end date and time.' }]),
  ]
  const plan = missing.length ? null : planBackfill({ interval: exp.interval, startAt, endAt, runs: exp.latest_runs })
  const problems = [...missing, ...(plan?.problems ?? []), ...(serverProblem ? [serverProblem] : [])]
  const problemFor = (field: BackfillProblem['field']) => problems.find((p) => p.field === field)?.message
  const runs = plan?.runs ?? []

  const changeZone = (next: string) => {
    const move = (local: string) => {
      const resolved = zonedToInstant(local, zone)
      return resolved ? instantToLocalInput(resolved.instant, next) : local
    }
    setRange((r) => ({ start: move(r.start), end: move(r.end) }))
    setZone(next)
  }

  const edit = (field: 'start' | 'end', value: string) => {
    setServerProblem(null)
    setFormError(null)
    setRange((r) => ({ ...r, [field]: value }))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (problems.length > 0 || runs.length === 0) return
    backfill.mutate(
      { range: { start_at: startAt, end_at: endAt }, runs: runs.length },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (
            isApiError(error) &&
            error.type === 'validation_error' &&
            (error.attr === 'start_at' || error.attr === 'end_at')
          ) {
            setServerProblem({ field: error.attr, message: error.detail })
          } else {
            setFormError(describeError(error))
          }
        },
      },
    )
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={
        <span className="backfill-title">
          Backfill {exp.name}
          <Badge tone="amber" title="POST …/backfill/ is deprecated in favour of …/backfills/">
            Deprecated endpoint
          </Badge>
        </span>
      }
      description="Exports a past range again, one run per interval. This uses the deprecated backfill endpoint; it still works, but PostHog will replace it."
    >
      <form className="stack backfill-form" noValidate onSubmit={submit} aria-label="Backfill">
        <Field label="Time zone" help="Of the start and end below.">
          {(p) => (
            <Select {...p} value={zone} onChange={(e) => changeZone(e.target.value)}>
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="field-grid">
          <Field label={`Start (${zone})`} required error={problemFor('start_at')} help={startAt || undefined}>
            {(p) => (
              <Input {...p} type="datetime-local" value={range.start} onChange={(e) => edit('start', e.target.value)} />
            )}
          </Field>
          <Field label={`End (${zone})`} required error={problemFor('end_at')} help={endAt || undefined}>
            {(p) => (
              <Input {...p} type="datetime-local" value={range.end} onChange={(e) => edit('end', e.target.value)} />
            )}
          </Field>
        </div>
        {plan && plan.overlapping > 0 && (
          <Callout
            tone="warning"
            title={`${plural(plan.overlapping, 'run')} ${plan.overlapping === 1 ? 'overlaps a window' : 'overlap windows'} already exported`}
          >
            Those windows are exported again, which can duplicate rows at the destination. Checked against the last{' '}
            {exp.latest_runs.length} runs.
          </Callout>
        )}
        {runs.length > 0 && (
          <section aria-labelledby="backfill-runs-title" className="backfill-runs">
            <h3 id="backfill-runs-title" className="field-label">
              This creates {plural(runs.length, 'run')}
            </h3>
            <ol className="backfill-run-list" aria-label="Runs to create">
              {runs.slice(0, SHOWN_RUNS).map((run) => (
                <li key={run.start.getTime()} data-overlaps={run.overlaps.length > 0 || undefined}>
                  <span className="num" title={`${formatUtc(run.start)} → ${formatUtc(run.end)}`}>
                    {formatRangeInZone(run.start, run.end, zone)}
                  </span>
                  {run.overlaps.length > 0 && (
                    <span className="overlap-note">
                      <AlertTriangle size={13} aria-hidden />
                      Overlaps {run.overlaps.map((o) => o.status).join(', ')} run
                    </span>
                  )}
                </li>
              ))}
            </ol>
            {runs.length > SHOWN_RUNS && <p className="field-help">…and {runs.length - SHOWN_RUNS} more.</p>}
          </section>
        )}
        {formError && (
          <Callout tone="danger" role="alert" title="Could not start the backfill">
            {formError}
          </Callout>
        )}
        <div className="dialog-footer">
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            variant="primary"
            loading={backfill.isPending}
            disabled={problems.length > 0 || runs.length === 0}
          >
            {runs.length > 0 ? `Create ${plural(runs.length, 'run')}` : 'Backfill'}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
