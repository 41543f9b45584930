import '@testing-library/jest-dom/vitest'
import { afterEach } from 'vitest'

// Component tests (jsdom) unmount what they rendered; node tests never load Testing Library.
afterEach(async () => {
  if (typeof document === 'undefined') return
  const { cleanup } = await import('@testing-library/react')
  cleanup()
})
