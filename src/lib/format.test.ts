import { describe, expect, it } from 'vitest'
import { formatNumber, plural } from './format'

describe('formatNumber', () => {
  it('writes numbers as Intl.NumberFormat does in English', () => {
    const values = [0, 1, -1, 7, 12, 999, 1000, -1000, 2431, 12345.678, 1234567, -9876543.21, 0.5, 0.125, 1e15, 2 ** 53]
    for (const value of values) {
      expect(formatNumber(value)).toBe(new Intl.NumberFormat('en').format(value))
      expect(formatNumber(value, { maximumFractionDigits: 1 })).toBe(
        new Intl.NumberFormat('en', { maximumFractionDigits: 1 }).format(value),
      )
    }
  })

  it('reads numeric strings, keeps what is not a number, and marks missing values', () => {
    expect(formatNumber('2431')).toBe('2,431')
    expect(formatNumber('n/a')).toBe('n/a')
    expect(formatNumber(null)).toBe('—')
    expect(formatNumber(undefined)).toBe('—')
    expect(formatNumber('')).toBe('—')
  })

  it('counts in words', () => {
    expect(plural(1, 'project')).toBe('1 project')
    expect(plural(1200, 'recording')).toBe('1,200 recordings')
  })
})
