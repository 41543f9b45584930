import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { routePreloadTags } from './route-preloads'
import { createStaticHandler } from './static'

const table = {
  'orgs/:orgId': ['/assets/organization-page-a1.js'],
  'orgs/new': ['/assets/organization-create-page-b2.js'],
  'projects/:projectId/recordings': ['/assets/recordings-page-c3.js', '/assets/recordings-d4.css'],
}

describe('routePreloadTags', () => {
  const tags = routePreloadTags(JSON.stringify(table))

  it("links the matching route's modules and styles", () => {
    expect(tags('/projects/12/recordings')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/recordings-page-c3.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/recordings-d4.css">',
    )
    expect(tags('/projects/12/recordings/')).toBe(tags('/projects/12/recordings'))
  })

  it('prefers a literal segment to a parameter, as the router does', () => {
    expect(tags('/orgs/new')).toContain('organization-create-page')
    expect(tags('/orgs/0190a3')).toContain('organization-page-a1')
  })

  it('adds nothing for a path no route matches', () => {
    expect(tags('/')).toBe('')
    expect(tags('/projects/12')).toBe('')
    expect(tags('/projects/12/recordings/abc/extra')).toBe('')
  })

  it('refuses anything but the build’s own asset files', () => {
    expect(() => routePreloadTags(JSON.stringify({ x: ['/assets/a.js"><script>alert(1)</script>'] }))).toThrow()
    expect(() => routePreloadTags(JSON.stringify({ x: ['https://elsewhere.example/a.js'] }))).toThrow()
  })
})

describe('index.html for a console route', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aa-static-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  writeFileSync(join(dir, 'index.html'), '<html><head><title>x</title></head><body></body></html>')
  writeFileSync(join(dir, 'route-preloads.json'), JSON.stringify(table))
  const handler = createStaticHandler(dir)
  const server = createServer((req, res) => handler(req, res, new URL(req.url!, 'http://x').pathname))

  it("carries the page's preloads before </head>", async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    try {
      const html = await (await fetch(`http://127.0.0.1:${port}/projects/3/recordings`)).text()
      expect(html).toMatch(/recordings-page-c3\.js">.*<\/head>/)
      expect(await (await fetch(`http://127.0.0.1:${port}/unknown`)).text()).not.toContain('modulepreload')
    } finally {
      server.close()
    }
  })
})
