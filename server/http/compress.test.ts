import { describe, expect, it } from 'vitest'
import { acceptedEncodings, varyOnEncoding } from './compress'

describe('acceptedEncodings (Accept-Encoding negotiation)', () => {
  it('prefers brotli when both are accepted equally, as every current browser sends', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip'])
    expect(acceptedEncodings('gzip, deflate')).toEqual(['gzip'])
    expect(acceptedEncodings('br')).toEqual(['br'])
  })

  it('orders by q before its own preference', () => {
    expect(acceptedEncodings('br;q=0.5, gzip;q=1')).toEqual(['gzip', 'br'])
    expect(acceptedEncodings('br;q=0.8, gzip;q=0.8')).toEqual(['br', 'gzip'])
  })

  it('refuses what q=0 refuses, and identity is what is left', () => {
    expect(acceptedEncodings('br;q=0, gzip')).toEqual(['gzip'])
    expect(acceptedEncodings('br;q=0, gzip;q=0.000')).toEqual([])
    expect(acceptedEncodings('*;q=0')).toEqual([])
    expect(acceptedEncodings('identity')).toEqual([])
    expect(acceptedEncodings('identity;q=0')).toEqual([]) // nothing else fits: identity is sent anyway
  })

  it('sends identity when there is no header or an empty one', () => {
    expect(acceptedEncodings(undefined)).toEqual([])
    expect(acceptedEncodings('')).toEqual([])
  })

  it('lets * cover what is not named, and an explicit entry win over *', () => {
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip'])
    expect(acceptedEncodings('gzip;q=0, *')).toEqual(['br'])
    expect(acceptedEncodings('*;q=0.1, gzip')).toEqual(['gzip', 'br'])
  })

  it('reads tokens and parameters case-insensitively, x-gzip as gzip, repeated headers together', () => {
    expect(acceptedEncodings('GZIP;Q=0.5, Br')).toEqual(['br', 'gzip'])
    expect(acceptedEncodings('x-gzip')).toEqual(['gzip'])
    expect(acceptedEncodings(['gzip', 'br;q=0.1'])).toEqual(['gzip', 'br'])
  })

  it('skips garbage entries instead of guessing at them', () => {
    expect(acceptedEncodings('br;q=abc, gzip')).toEqual(['gzip'])
    expect(acceptedEncodings('br;q=1.5')).toEqual([])
    expect(acceptedEncodings('br;q=-1, gzip;q=0.5.5')).toEqual([])
    expect(acceptedEncodings(';;;,,, ,br q=1,"gzip"')).toEqual([])
    expect(acceptedEncodings('\u00ff\u0000br, gz ip')).toEqual([])
    expect(acceptedEncodings('deflate, compress, zstd')).toEqual([])
    expect(acceptedEncodings(`${'x,'.repeat(5000)}br`)).toEqual([]) // only the first kilobyte is read
  })
})

describe('varyOnEncoding', () => {
  it('adds Accept-Encoding once to whatever Vary already says', () => {
    expect(varyOnEncoding(undefined)).toBe('Accept-Encoding')
    expect(varyOnEncoding('Origin')).toBe('Origin, Accept-Encoding')
    expect(varyOnEncoding('origin, accept-encoding')).toBe('origin, accept-encoding')
    expect(varyOnEncoding('*')).toBe('*')
  })
})
