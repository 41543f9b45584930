import { describe, expect, it } from 'vitest'
import { ApiError, describeError } from './api-error'

const serverError = (detail: string) => new ApiError({ status: 500, type: 'server_error', code: 'error', detail })

describe('describeError', () => {
  it('ends a server text without punctuation with a full stop, so advice appended to it reads as a sentence', () => {
    expect(`${describeError(serverError('Internal boom'))} Your changes are still here; try again.`).toBe(
      'Internal boom. Your changes are still here; try again.',
    )
    expect(describeError(new TypeError('Failed to fetch'))).toBe('Failed to fetch.')
    expect(describeError(serverError('  Bucket missing  '))).toBe('Bucket missing.')
  })

  it('leaves texts that already end a sentence as they are', () => {
    for (const detail of ['Not found.', 'Really?', 'Stop!', 'It said "no."', 'Try later (in a minute).', 'Wait…']) {
      expect(describeError(serverError(detail))).toBe(detail)
    }
  })

  it('never returns an empty text', () => {
    expect(describeError(serverError(''))).toBe('Something went wrong.')
    expect(describeError('a string thrown')).toBe('Something went wrong.')
  })
})
