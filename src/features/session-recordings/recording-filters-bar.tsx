import { useState } from 'react'
import { X } from 'lucide-react'
import { Button } from '../../components/button'
import { Field, Input, Select, type ControlProps } from '../../components/field'
import { formatDuration } from '../../lib/time'
import { dateRangeError, describeRelative, hasFilters, type Filters } from './recording-list-params'
import { UrlFilter } from './url-filter'
import './recording-filters-bar.css'

const DURATIONS: [seconds: number, label: string][] = [
  [10, '10 seconds'],
  [30, '30 seconds'],
  [60, '1 minute'],
  [300, '5 minutes'],
  [900, '15 minutes'],
  [3600, '1 hour'],
]
const RANGES = ['-24h', '-7d', '-30d']
const isRelative = (value: string | undefined) => value !== undefined && value.startsWith('-')

type DateInputProps = { value: string | undefined; onChange: (value: string | undefined) => void }

/** A date picker for plain dates; another value the URL may hold (`-14d`, an instant) is shown as it is. */
function DateInput({ value, onChange, ...rest }: ControlProps & DateInputProps) {
  if (value !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const shown = isRelative(value) ? `${value.slice(1)} ago` : value
    return <Input {...rest} readOnly className="rec-date" value={shown} title="Choose Any time to clear it." />
  }
  return (
    <Input
      {...rest}
      type="date"
      className="rec-date"
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value || undefined)}
    />
  )
}

type Props = {
  filters: Filters
  onChange: (next: Filters) => void
  /** The server's refusal of the start URL filter, shown on that field. */
  urlError?: string
}

/** Start URL, viewed, console errors, minimum duration and date range; every change goes to the URL. */
export function RecordingFiltersBar({ filters, onChange, urlError }: Props) {
  const [customDates, setCustomDates] = useState(false)
  const set = (patch: Filters) => onChange({ ...filters, ...patch })
  const relative = isRelative(filters.date_from) && !filters.date_to ? filters.date_from! : null
  const custom = customDates || (!relative && (filters.date_from !== undefined || filters.date_to !== undefined))
  const range = custom ? 'custom' : (relative ?? '')
  const minDuration = filters.min_duration ?? ''

  const onRange = (value: string) => {
    setCustomDates(value === 'custom')
    if (value !== 'custom') set({ date_from: value || undefined, date_to: undefined })
    else if (relative) set({ date_from: undefined, date_to: undefined })
  }

  return (
    <div className="rec-filters" role="group" aria-label="Filters">
      <UrlFilter filters={filters} onChange={set} serverError={urlError} />
      <Field label="Viewed">
        {(p) => (
          <Select {...p} value={filters.viewed ?? ''} onChange={(e) => set({ viewed: e.target.value || undefined })}>
            <option value="">All recordings</option>
            <option value="false">Unviewed only</option>
            <option value="true">Viewed only</option>
          </Select>
        )}
      </Field>
      <Field label="Console errors">
        {(p) => (
          <Select
            {...p}
            value={filters.has_console_errors ?? ''}
            onChange={(e) => set({ has_console_errors: e.target.value || undefined })}
          >
            <option value="">Any</option>
            <option value="true">With errors</option>
            <option value="false">Without errors</option>
          </Select>
        )}
      </Field>
      <Field label="Minimum duration">
        {(p) => (
          <Select {...p} value={minDuration} onChange={(e) => set({ min_duration: e.target.value || undefined })}>
            <option value="">Any length</option>
            {minDuration && !DURATIONS.some(([s]) => String(s) === minDuration) && (
              <option value={minDuration}>{formatDuration(Number(minDuration))} or longer</option>
            )}
            {DURATIONS.map(([s, label]) => (
              <option key={s} value={String(s)}>
                {label} or longer
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Started">
        {(p) => (
          <Select {...p} value={range} onChange={(e) => onRange(e.target.value)}>
            <option value="">Any time</option>
            {relative && !RANGES.includes(relative) && <option value={relative}>{describeRelative(relative)}</option>}
            {RANGES.map((r) => (
              <option key={r} value={r}>
                {describeRelative(r)}
              </option>
            ))}
            <option value="custom">Custom dates…</option>
          </Select>
        )}
      </Field>
      {custom && (
        <>
          <Field label="From (UTC)">
            {(p) => <DateInput {...p} value={filters.date_from} onChange={(v) => set({ date_from: v })} />}
          </Field>
          <Field label="To (UTC, inclusive)" error={dateRangeError(filters) ?? undefined}>
            {(p) => <DateInput {...p} value={filters.date_to} onChange={(v) => set({ date_to: v })} />}
          </Field>
        </>
      )}
      {hasFilters(filters) && (
        <Button
          size="sm"
          variant="ghost"
          className="rec-filters-clear"
          icon={<X size={14} aria-hidden />}
          onClick={() => {
            setCustomDates(false)
            onChange({})
          }}
        >
          Clear filters
        </Button>
      )}
    </div>
  )
}
