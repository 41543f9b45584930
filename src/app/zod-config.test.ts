import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import './zod-config'

describe("the browser's zod config", () => {
  it('never compiles parsers (the pages forbid eval)', () => {
    expect(z.config().jitless).toBe(true)
  })

  it('words the checks that carry no message of their own in English, not "Invalid input"', () => {
    const prefix = z.string().check(z.maxLength(3))
    expect(prefix.safeParse('abcd').error?.issues[0]?.message).toBe('Too big: expected string to have <=3 characters')
    expect(z.object({ port: z.number() }).safeParse({ port: 'x' }).error?.issues[0]?.message).toBe(
      'Invalid input: expected number, received string',
    )
  })
})
