import { describe, expect, it } from 'vitest'
import { safeHttpUrl } from './safe-url'

describe('safeHttpUrl', () => {
  it('keeps http and https URLs', () => {
    expect(safeHttpUrl('https://app.example.com/pricing?utm_source=x')).toBe(
      'https://app.example.com/pricing?utm_source=x',
    )
    expect(safeHttpUrl('HTTP://example.com')).toBe('http://example.com/')
    expect(safeHttpUrl('  https://example.com/a  ')).toBe('https://example.com/a')
  })

  it('refuses every other scheme, however it is disguised', () => {
    for (const value of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.com',
      'mailto:a@example.com',
    ]) {
      expect(safeHttpUrl(value), value).toBeNull()
    }
  })

  it('refuses relative, protocol-relative, empty and malformed values', () => {
    for (const value of [
      '/pricing',
      '//evil.example.com',
      'example.com',
      '',
      null,
      undefined,
      'https://',
      'http://[::1',
    ]) {
      expect(safeHttpUrl(value), String(value)).toBeNull()
    }
  })
})
