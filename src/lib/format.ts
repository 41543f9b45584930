const formatters = new Map<string, unknown>()

/**
 * One Intl formatter per kind, locale and options: building one costs about 0.1 ms (locale data is
 * resolved each time) and a page of rows formats hundreds of values, while formatting is cheap.
 */
export function intlFormatter<T>(key: string, create: () => T): T {
  let formatter = formatters.get(key) as T | undefined
  if (formatter === undefined) formatters.set(key, (formatter = create()))
  return formatter
}

/**
 * "2,431", "1,234.5": numbers as English writes them, like every word around them in the console (its
 * text is English). Written out rather than through Intl: a page's first Intl object loads the locale
 * data, about 100 ms on a slow phone, and a list page formats numbers in its first render. Rounded to
 * `maximumFractionDigits` (3, as Intl's default), trailing zeros dropped; "—" for missing values.
 */
export function formatNumber(
  value: number | string | null | undefined,
  { maximumFractionDigits = 3 }: { maximumFractionDigits?: number } = {},
): string {
  if (value === null || value === undefined || value === '') return '—'
  const n = typeof value === 'number' ? value : Number(value)
  if (!Number.isFinite(n)) return String(value)
  if (Math.abs(n) >= 1e21) return n.toLocaleString('en')
  const [whole, fraction = ''] = Math.abs(n).toFixed(maximumFractionDigits).split('.')
  const digits = fraction.replace(/0+$/, '')
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${n < 0 ? '-' : ''}${grouped}${digits ? `.${digits}` : ''}`
}

/** "1 project", "3 projects". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`
}
