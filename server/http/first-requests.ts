import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'

/**
 * The build's `first-requests.js` (src/app/first-requests-script.ts, a classic script of a few KB) as an
 * inline `<script>` for index.html, and the CSP source that allows exactly it (its sha256). Inline, so the
 * first page's API requests leave as soon as the HTML is parsed instead of after the console's code has
 * downloaded and run. Null when the build has none (an older build, a dev server): the console then asks
 * for everything itself, as it always can.
 */
export function firstRequestsScript(path: string): { tag: string; cspSource: string } | null {
  let code: string
  try {
    code = readFileSync(path, 'utf8').trim()
  } catch {
    return null
  }
  // Text that would end the element early cannot be inlined (a minifier does not write it; guard anyway).
  if (!code || /<\/script|<!--/i.test(code)) return null
  const hash = createHash('sha256').update(code, 'utf8').digest('base64')
  return { tag: `<script>${code}</script>`, cspSource: `'sha256-${hash}'` }
}
