import { describe, expect, it } from 'vitest'
import { readSuggestion } from './ai-suggestion'
import { testPattern } from './regex-test'

describe('AI filter suggestions', () => {
  it('turns list parameters into filters, a sort and words', () => {
    const s = readSuggestion({
      viewed: 'false',
      has_console_errors: 'true',
      date_from: '-7d',
      order: 'console_error_count',
    })
    expect(s.filters).toEqual({ viewed: 'false', has_console_errors: 'true', date_from: '-7d' })
    expect(s.sort).toBe('-console_error_count')
    expect(s.rows).toEqual([
      { label: 'Viewed', value: 'Unviewed only' },
      { label: 'Console errors', value: 'With errors' },
      { label: 'Started after', value: '7 days ago' },
      { label: 'Sort', value: 'most console errors first' },
    ])
    expect(s.ignored).toEqual([])
  })

  it('keeps the current sort when none is suggested, and never applies what it cannot', () => {
    const s = readSuggestion({ min_duration: '120', person: 'ada', date_to: 'yesterday-ish' })
    expect(s.sort).toBeNull()
    expect(s.filters).toEqual({ min_duration: '120' })
    expect(s.rows).toEqual([{ label: 'Minimum duration', value: '2m 0s or longer' }])
    expect(s.ignored).toEqual(['person=ada', 'date_to=yesterday-ish'])
  })
})

describe('testing a generated pattern', () => {
  const urls = ['https://a.example.com/pricing', 'https://a.example.com/signup', null, 'https://a.example.com/pricing']

  it('lists the unique start URLs that match', () => {
    expect(testPattern('pricing|signup', urls)).toEqual({
      ok: true,
      matches: ['https://a.example.com/pricing', 'https://a.example.com/signup'],
      tested: 2,
    })
    expect(testPattern('checkout', urls)).toEqual({ ok: true, matches: [], tested: 2 })
  })

  it('reports an invalid pattern as an error', () => {
    const out = testPattern('(unclosed', urls)
    expect(out.ok).toBe(false)
    expect(!out.ok && out.error).toMatch(/Invalid regular expression/)
  })
})
