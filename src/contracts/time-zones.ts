/**
 * Wall-clock readings in an IANA zone, on Intl only. Shared by the console (inputs and previews) and
 * the server's engine (when a daily or weekly window closes), so both agree on every DST edge.
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE

const formatters = new Map<string, Intl.DateTimeFormat>()

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    if (formatters.size > 200) formatters.clear()
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** Whether Intl knows this zone name (IANA names and their aliases, e.g. `US/Eastern`). */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 240) return false
  try {
    partsFormatter(timeZone)
    return true
  } catch {
    return false
  }
}

/** The wall-clock reading of an instant in a zone, as if that reading were UTC (ms). */
export function wallMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {}
  for (const p of partsFormatter(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value)
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!)
}

/** The zone's offset from UTC at an instant, in minutes (Berlin in summer: 120). */
export function offsetMinutes(instant: Date | number, timeZone: string): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime()
  const whole = Math.floor(ms / 1000) * 1000
  return Math.round((wallMs(whole, timeZone) - whole) / MINUTE)
}

/**
 * The instant a wall time (given as UTC-reading ms) names in a zone, resolved like Temporal's
 * "compatible" disambiguation: a time in a DST gap moves forward by the gap, a repeated time takes
 * its first occurrence.
 */
export function wallToInstant(
  wall: number,
  timeZone: string,
): { instant: number; adjustment: 'gap' | 'ambiguous' | null } {
  // The offsets in force just before and just after this wall time; a transition lies between them.
  const before = offsetMinutes(wall - 14 * HOUR, timeZone)
  const after = offsetMinutes(wall + 14 * HOUR, timeZone)
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset * MINUTE)
    .filter((t) => wallMs(t, timeZone) === wall)
    .sort((a, b) => a - b)
  // In the gap: read the wall time with the offset from before the jump, which lands after it.
  if (candidates.length === 0) return { instant: wall - before * MINUTE, adjustment: 'gap' }
  return { instant: candidates[0]!, adjustment: candidates.length > 1 ? 'ambiguous' : null }
}
