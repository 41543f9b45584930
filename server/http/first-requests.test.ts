import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY } from './headers'
import { createStaticHandler } from './static'

// index.html as vite writes it; the early script is the build's first-requests.js.
const INDEX =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Console</title>' +
  '<script type="module" crossorigin src="/assets/index-a1.js"></script></head><body></body></html>'
const SCRIPT = '(function(){globalThis.started=[location.pathname]})();\n'

let dir: string
let server: Server | undefined
afterEach(() => {
  server?.close()
  rmSync(dir, { recursive: true, force: true })
})

async function serve(files: Record<string, string>, options: { upstream?: boolean } = {}) {
  dir = mkdtempSync(join(tmpdir(), 'aa-first-requests-'))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  const handler = createStaticHandler(dir, options)
  server = createServer((req, res) => handler(req, res, new URL(req.url!, 'http://x').pathname))
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/projects/1/recordings`)
  return { html: await res.text(), csp: res.headers.get('content-security-policy') }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64')

describe('index.html: the first requests script', () => {
  it('is inlined in the head before the entry, and the CSP allows exactly it by its hash', async () => {
    const { html, csp } = await serve({ 'index.html': INDEX, 'first-requests.js': SCRIPT })
    const inline = `<script>${SCRIPT.trim()}</script>`
    expect(html).toContain(`<meta charset="UTF-8" />${inline}`)
    expect(html.indexOf(inline)).toBeLessThan(html.indexOf('/assets/index-a1.js'))
    expect(csp).toContain(`script-src 'self' 'sha256-${sha256(SCRIPT.trim())}';`)
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("frame-ancestors 'none'")
  })

  it('in proxy mode comes after the upstream meta it reads', async () => {
    const { html } = await serve({ 'index.html': INDEX, 'first-requests.js': SCRIPT }, { upstream: true })
    expect(html).toContain(`<meta name="api-upstream" content="posthog"><script>${SCRIPT.trim()}</script>`)
  })

  it('without one in the build, the page has no inline script and the plain policy', async () => {
    const { html, csp } = await serve({ 'index.html': INDEX })
    expect(html).not.toContain('<script>')
    expect(csp).toBe(CONTENT_SECURITY_POLICY)
  })

  it('a script that would end its element early is not inlined', async () => {
    const { html, csp } = await serve({ 'index.html': INDEX, 'first-requests.js': 'var a="</script><b>"' })
    expect(html).not.toContain('<script>')
    expect(csp).toBe(CONTENT_SECURITY_POLICY)
  })
})
