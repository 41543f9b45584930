import type { BrowserContext, Page } from '@playwright/test'

type Recorded = { __cspViolations: string[] }

/**
 * Records every Content-Security-Policy violation of the pages `target` opens from now on (each
 * document's `securitypolicyviolation` events, from before its first script), read with the returned
 * function: what the policy refused, and where.
 */
export async function recordCspViolations(target: BrowserContext | Page) {
  await target.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as Recorded).__cspViolations = seen
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} refused ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`),
    )
  })
  return (page: Page) => page.evaluate(() => (window as unknown as Recorded).__cspViolations)
}
