import { Controller, useFormContext } from 'react-hook-form'
import { BATCH_EXPORT_INTERVALS } from '../../contracts/batch-exports'
import { Field, Input, Select } from '../../components/field'
import { SwitchField } from '../../components/switch-field'
import { INTERVAL_LABELS, WEEKDAYS } from '../../lib/schedule'
import { formatOffset, instantToLocalInput, offsetMinutes, toZonedIso, zonedToInstant } from '../../lib/schedule-zone'
import { zoneLabel } from '../../lib/time'
import type { ExportFormValues } from './export-form-values'
import { SchedulePreview } from './schedule-preview'
import './batch-exports.css'
import './schedule-fields.css'

type Props = { disabled: boolean; zones: string[]; showPaused: boolean }

const utcOffset = (timeZone: string) => `UTC${formatOffset(offsetMinutes(new Date(), timeZone)).replace('Z', '')}`

/** What a wall time in the zone resolves to, and why when DST moved it. */
function resolvedNote(local: string, timeZone: string): string | undefined {
  const resolved = zonedToInstant(local, timeZone)
  if (!resolved) return undefined
  const iso = toZonedIso(resolved.instant, timeZone)
  if (resolved.adjustment === 'gap') return `That time is skipped by the clock change; it means ${iso}.`
  if (resolved.adjustment === 'ambiguous') return `That time happens twice; the first one is used: ${iso}.`
  return `Sent as ${iso}.`
}

/** Interval, the zone the date-times are in, start and end, with the preview beside them. */
export function ScheduleFields({ disabled, zones, showPaused }: Props) {
  const { register, control, watch, getValues, setValue, formState } = useFormContext<ExportFormValues>()
  const { errors } = formState
  const [interval, timeZone, startAt, endAt, paused, offsetDay, offsetHour] = watch([
    'interval',
    'time_zone',
    'start_at',
    'end_at',
    'paused',
    'offset_day',
    'offset_hour',
  ])
  const daily = interval === 'day' || interval === 'week'
  const label = zoneLabel(timeZone)
  const zoneName = label === timeZone ? timeZone : `${timeZone}, ${label}`
  const iso = (local: string) => {
    const resolved = local ? zonedToInstant(local, timeZone) : null
    return resolved ? resolved.instant.toISOString() : null
  }

  // Changing the zone keeps the same instants and rewrites how they read.
  const moveToZone = (previous: string, next: string) => {
    for (const name of ['start_at', 'end_at'] as const) {
      const resolved = zonedToInstant(getValues(name), previous)
      if (resolved) setValue(name, instantToLocalInput(resolved.instant, next), { shouldDirty: true })
    }
  }

  return (
    <section className="form-section" aria-labelledby="export-schedule">
      <h2 id="export-schedule" className="section-title">
        Schedule
      </h2>
      <div className="schedule-layout">
        <div className="stack">
          <div className="field-grid">
            <Field label="Interval" required error={errors.interval?.message}>
              {(p) => (
                <Select {...p} disabled={disabled} {...register('interval')}>
                  {BATCH_EXPORT_INTERVALS.map((i) => (
                    <option key={i} value={i}>
                      {INTERVAL_LABELS[i]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Controller
              control={control}
              name="time_zone"
              render={({ field }) => (
                <Field
                  label="Time zone"
                  error={errors.time_zone?.message}
                  help={`Daily and weekly windows close in this zone; the dates below are in it too. Now ${utcOffset(field.value)}.`}
                >
                  {(p) => (
                    <Select
                      {...p}
                      name={field.name}
                      value={field.value}
                      disabled={disabled}
                      onBlur={field.onBlur}
                      onChange={(e) => {
                        moveToZone(field.value, e.target.value)
                        field.onChange(e.target.value)
                      }}
                    >
                      {zones.map((z) => (
                        <option key={z} value={z}>
                          {z}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
              )}
            />
          </div>
          {daily && (
            <div className="field-grid">
              {interval === 'week' && (
                <Field label="Day" error={errors.offset_day?.message} help="The day each weekly window closes.">
                  {(p) => (
                    <Select {...p} disabled={disabled} {...register('offset_day')}>
                      {WEEKDAYS.map((day, i) => (
                        <option key={day} value={String(i)}>
                          {day}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
              )}
              <Field
                label="Runs at"
                error={errors.offset_hour?.message}
                help={`The hour (${timeZone}) each ${interval === 'week' ? 'weekly' : 'daily'} window closes and its run starts.`}
              >
                {(p) => (
                  <Select {...p} disabled={disabled} {...register('offset_hour')}>
                    {Array.from({ length: 24 }, (_, h) => (
                      <option key={h} value={String(h)}>
                        {String(h).padStart(2, '0')}:00
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </div>
          )}
          <div className="field-grid">
            <Field
              label={`Start (${zoneName})`}
              error={errors.start_at?.message}
              help={
                startAt
                  ? resolvedNote(startAt, timeZone)
                  : 'Empty: from the next window on. Windows closing before it do not run.'
              }
            >
              {(p) => <Input {...p} type="datetime-local" disabled={disabled} {...register('start_at')} />}
            </Field>
            <Field
              label={`End (${zoneName})`}
              error={errors.end_at?.message}
              help={endAt ? resolvedNote(endAt, timeZone) : 'Empty: runs until paused or deleted.'}
            >
              {(p) => <Input {...p} type="datetime-local" disabled={disabled} {...register('end_at')} />}
            </Field>
          </div>
          {showPaused && (
            <SwitchField<ExportFormValues>
              name="paused"
              label="Create paused"
              description="Save the export without running it; resume it from its page when ready."
              disabled={disabled}
            />
          )}
        </div>
        <SchedulePreview
          interval={interval}
          offsetDay={interval === 'week' ? Number(offsetDay) : null}
          offsetHour={daily ? Number(offsetHour) : null}
          startAt={iso(startAt)}
          endAt={iso(endAt)}
          paused={paused}
          timeZone={timeZone}
        />
      </div>
    </section>
  )
}
