import { formatNumber } from '../../lib/format'

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const

/** "1.4 MB", "812 KB", "0 B"; "—" when unknown. Decimal units, as S3 and AWS bills use. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '—'
  let value = Math.max(0, bytes)
  let unit = 0
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000
    unit++
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1
  return `${formatNumber(value, { maximumFractionDigits: digits })} ${UNITS[unit]}`
}
