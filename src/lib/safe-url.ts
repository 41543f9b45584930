/**
 * The URL as a link target when it is http(s), otherwise null. Anything else — `javascript:`,
 * `data:`, relative or malformed strings — must be shown as plain text, never as an href.
 */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null
  const trimmed = value.trim()
  // Only an explicit http(s) scheme counts; URL() would otherwise resolve "//evil" or paths against a base.
  if (!/^https?:\/\//i.test(trimmed)) return null
  try {
    const url = new URL(trimmed)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}
