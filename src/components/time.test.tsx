// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { zoneLabel } from '../lib/time'
import { Time } from './time'

describe('Time', () => {
  const instant = '2026-03-12T12:05:09Z'

  it('shows an absolute time with its zone, and the exact instant in UTC on hover', () => {
    const { container } = render(<Time value={instant} format="absolute" />)
    const time = container.querySelector('time')!
    expect(time.textContent!.endsWith(` ${zoneLabel(undefined, new Date(instant))}`)).toBe(true)
    expect(time.getAttribute('title')).toContain('2026-03-12 12:05:09 UTC')
    expect(time.getAttribute('dateTime')).toBe('2026-03-12T12:05:09.000Z')
  })

  it('shows a dash for a missing time', () => {
    const { container } = render(<Time value={null} />)
    expect(container.textContent).toBe('—')
  })
})
