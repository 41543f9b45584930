import { formatDateTime, formatRelative, formatUtc, viewerTimeZone, zoneLabel } from '../lib/time'

type TimeProps = {
  value: string | null | undefined
  /** "3 hours ago" (default) or the absolute date and time in the viewer's zone, with the zone's name. */
  format?: 'relative' | 'absolute'
}

/** A time in the viewer's zone; the exact instant, with its zone and in UTC, on hover. */
export function Time({ value, format = 'relative' }: TimeProps) {
  if (!value) return <span className="muted">—</span>
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return <span>{value}</span>
  const zone = viewerTimeZone()
  const local = `${formatDateTime(date)} ${zoneLabel(zone, date)} (${zone})`
  return (
    <time
      dateTime={date.toISOString()}
      title={`${local}\n${formatUtc(date)}`}
      className={format === 'relative' ? 'time' : 'time time-absolute'}
    >
      {format === 'relative' ? formatRelative(date) : `${formatDateTime(date)} ${zoneLabel(zone, date)}`}
    </time>
  )
}
