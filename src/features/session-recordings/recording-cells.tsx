import type { SessionRecording } from '../../contracts/session-recordings'
import { formatNumber } from '../../lib/format'
import { formatDateTime, formatUtc } from '../../lib/time'
import { safeHttpUrl } from '../../lib/safe-url'
import './recording-cells.css'

/** Who was recorded: the person's name, else their first distinct id. */
export function personLabel(recording: SessionRecording): string {
  const person = recording.person
  return person?.name || person?.distinct_ids[0] || recording.distinct_id || 'Anonymous'
}

/** "app.example.com/pricing?x" — the scheme adds nothing in a narrow column. */
const withoutScheme = (url: string) => url.replace(/^https?:\/\//i, '')

/** A start URL: a link only when it is http(s); anything else (e.g. `javascript:`) stays plain text. */
export function StartUrl({ value, full = false }: { value: string | null; full?: boolean }) {
  if (!value) return <span className="muted">—</span>
  const href = safeHttpUrl(value)
  const text = full ? value : withoutScheme(value)
  if (!href) {
    return (
      <span className="rec-url rec-url-plain" title={`${value}\nNot a web address, so not a link.`}>
        {text}
      </span>
    )
  }
  return (
    <a
      className="rec-url rec-leaves"
      href={href}
      title={`${value} (opens in a new tab)`}
      target="_blank"
      rel="noopener noreferrer"
    >
      {text}
    </a>
  )
}

/**
 * The list's start URL: the text opens the recording (as the rest of the row does; out of the tab
 * order, the row's first link is the keyboard's), the full URL on hover, and an explicit external-link
 * icon (http(s) only; drawn by CSS, so a row stays light) to leave for the recorded site.
 */
export function StartUrlCell({ value, href }: { value: string | null; href: string }) {
  if (!value) return <span className="muted">—</span>
  const external = safeHttpUrl(value)
  // Anything but http(s) (e.g. `javascript:`) is plain text, never a link; the row still opens the recording.
  if (!external)
    return (
      <span className="rec-url rec-url-plain" title={`${value}\nNot a web address, so not a link.`}>
        {value}
      </span>
    )
  return (
    <>
      <a href={href} tabIndex={-1} className="rec-url" title={value} data-row-link>
        {withoutScheme(value)}
      </a>
      {
        <a
          className="rec-external"
          href={external}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Open ${value} in a new tab`}
          title={`Open ${value} in a new tab`}
        />
      }
    </>
  )
}

/** A count; console errors above zero in red, warnings in amber, never colour alone (the number says it). */
export function Count({ value, tone }: { value: number | null; tone?: 'red' | 'amber' }) {
  if (value === null) return <span className="muted">—</span>
  if (tone && value > 0) return <span className={`rec-count-${tone}`}>{formatNumber(value)}</span>
  return <>{formatNumber(value)}</>
}

/** The exact instant, in the viewer's zone and in UTC, for a title attribute. */
export const exactTime = (iso: string) => `${formatDateTime(iso)}\n${formatUtc(iso)}`

export const formatScore = (score: number | null) => formatNumber(score, { maximumFractionDigits: 1 })
