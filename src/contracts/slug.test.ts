import { describe, expect, it } from 'vitest'
import { slugify } from './slug'

describe('slugify', () => {
  it('transliterates accented and special letters instead of cutting the word apart', () => {
    expect(slugify('Ünïcødé')).toBe('unicode')
    expect(slugify('Straße & Söhne')).toBe('strasse-sohne')
    expect(slugify('Ærø Łódź Œuvre')).toBe('aero-lodz-oeuvre')
    expect(slugify('Crème Brûlée, Inc.')).toBe('creme-brulee-inc')
  })

  it('joins everything else with single hyphens and trims them at the ends', () => {
    expect(slugify('  Acme -- Analytics!! ')).toBe('acme-analytics')
    expect(slugify('ｆｕｌｌｗｉｄｔｈ ２０２６')).toBe('fullwidth-2026')
  })

  it('keeps at most 40 characters and never ends on a hyphen after cutting', () => {
    const slug = slugify(`${'a'.repeat(39)} b`)
    expect(slug).toBe('a'.repeat(39))
    expect(slugify('word '.repeat(20)).length).toBeLessThanOrEqual(40)
  })

  it('falls back when nothing is left', () => {
    expect(slugify('日本語')).toBe('org')
    expect(slugify('!!!')).toBe('org')
  })
})
