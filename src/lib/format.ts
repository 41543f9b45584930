/** "2,431" in the viewer's locale; "—" for missing values. */
export function formatNumber(value: number | string | null | undefined, locale?: string): string {
  if (value === null || value === undefined || value === '') return '—'
  const n = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(n) ? new Intl.NumberFormat(locale).format(n) : String(value)
}

/** "1 project", "3 projects". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`
}
