import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressDir } from '../../scripts/precompress'
import { decoded, rawRequest } from '../test/raw-http'
import { createStaticHandler } from './static'

const BROWSER = 'gzip, deflate, br, zstd'
// Large and repetitive enough that both encodings are far smaller than the file.
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{"id":${i},"name":"row ${i}"}`).join(',')}]\n`
const INDEX = '<!doctype html><html><head><title>Console</title></head><body><div id="root"></div></body></html>'

let dir: string
let server: Server
let base: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'aa-static-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), INDEX)
  writeFileSync(join(dir, 'route-preloads.json'), JSON.stringify({ 'orgs/:orgId': ['/assets/org-page-a1.js'] }))
  for (const name of ['app-a1.js', 'nobr-b2.js', 'dirbr-c3.js', 'emptybr-d4.js', 'stale-e5.js', 'raw-f6.js'])
    writeFileSync(join(dir, 'assets', name), SCRIPT)
  writeFileSync(join(dir, 'assets', 'logo-a1.png'), Buffer.alloc(2048, 7))
  writeFileSync(join(dir, 'robots.txt'), 'x')
  // The build step itself writes the .br and .gz copies.
  await precompressDir(dir)
  // Then each file's copies are damaged in one way a deploy can damage them.
  unlinkSync(join(dir, 'assets', 'nobr-b2.js.br'))
  unlinkSync(join(dir, 'assets', 'dirbr-c3.js.br'))
  mkdirSync(join(dir, 'assets', 'dirbr-c3.js.br'))
  writeFileSync(join(dir, 'assets', 'emptybr-d4.js.br'), '')
  const past = new Date(Date.now() - 60_000)
  utimesSync(join(dir, 'assets', 'stale-e5.js.br'), past, past)
  utimesSync(join(dir, 'assets', 'stale-e5.js.gz'), past, past)
  unlinkSync(join(dir, 'assets', 'raw-f6.js.br'))
  unlinkSync(join(dir, 'assets', 'raw-f6.js.gz'))

  const serve = createStaticHandler(dir)
  server = createServer((req, res) => serve(req, res, new URL(req.url!, 'http://x').pathname))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.close()
  rmSync(dir, { recursive: true, force: true })
})

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(base + path, { method, headers })

describe('built files: content negotiation', () => {
  it('the build step wrote smaller brotli and gzip copies beside each text file, none for images', () => {
    const size = (name: string) => readFileSync(join(dir, name)).length
    expect(size('assets/app-a1.js.br')).toBeLessThan(size('assets/app-a1.js.gz'))
    expect(size('assets/app-a1.js.gz')).toBeLessThan(size('assets/app-a1.js') / 5)
    expect(() => readFileSync(join(dir, 'assets/logo-a1.png.br'))).toThrow()
    // A copy that would not be smaller is not written; the file itself is sent.
    expect(() => readFileSync(join(dir, 'robots.txt.br'))).toThrow()
  })

  it('a file without copies goes out as it is, without an encoding', async () => {
    const res = await get('/robots.txt', { 'accept-encoding': BROWSER })
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body.toString()).toBe('x')
  })

  it.each([
    [BROWSER, 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0.1', 'gzip'],
    ['*', 'br'],
    ['x-gzip', 'gzip'],
  ])('Accept-Encoding %j gets %s, which decodes to the file, with its own Content-Length', async (accept, encoding) => {
    const res = await get('/assets/app-a1.js', { 'accept-encoding': accept })
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe(encoding)
    expect(res.headers.vary).toBe('Accept-Encoding')
    expect(Number(res.headers['content-length'])).toBe(res.body.length)
    expect(res.body.length).toBeLessThan(SCRIPT.length / 5)
    expect(decoded(res).toString()).toBe(SCRIPT)
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it.each([
    ['no Accept-Encoding', undefined],
    ['identity', 'identity'],
    ['q=0 for both', 'br;q=0, gzip;q=0'],
    ['*;q=0', '*;q=0'],
    ['only encodings we lack', 'deflate, zstd, compress'],
    ['garbage', ';;q=,br;q=zz, gz\u00e9ip, ;q=1'],
  ])('%s: the file itself, still with Vary', async (_, accept) => {
    const res = await get('/assets/app-a1.js', accept === undefined ? {} : { 'accept-encoding': accept })
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers.vary).toBe('Accept-Encoding')
    expect(Number(res.headers['content-length'])).toBe(SCRIPT.length)
    expect(res.body.toString()).toBe(SCRIPT)
  })

  it('HEAD has the headers GET would have, encoding and length included, and no body', async () => {
    for (const accept of [BROWSER, 'gzip', 'identity']) {
      const [head, full] = [
        await get('/assets/app-a1.js', { 'accept-encoding': accept }, 'HEAD'),
        await get('/assets/app-a1.js', { 'accept-encoding': accept }),
      ]
      expect(head.status).toBe(200)
      expect(head.body.length).toBe(0)
      for (const name of ['content-encoding', 'content-length', 'content-type', 'vary', 'etag', 'cache-control'])
        expect(head.headers[name], `${accept}: ${name}`).toBe(full.headers[name])
    }
  })

  it('images are sent as they are, without Vary', async () => {
    const res = await get('/assets/logo-a1.png', { 'accept-encoding': BROWSER })
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers.vary).toBeUndefined()
    expect(res.body.length).toBe(2048)
  })
})

describe('built files: a missing or broken precompressed copy', () => {
  it.each([
    ['missing', '/assets/nobr-b2.js'],
    ['a directory', '/assets/dirbr-c3.js'],
    ['empty', '/assets/emptybr-d4.js'],
  ])('a .br that is %s falls back to the .gz', async (_, path) => {
    const res = await get(path, { 'accept-encoding': BROWSER })
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(Number(res.headers['content-length'])).toBe(res.body.length)
    expect(decoded(res).toString()).toBe(SCRIPT)
  })

  it('copies older than the file (left from an earlier build) are not used: the file itself is', async () => {
    const res = await get('/assets/stale-e5.js', { 'accept-encoding': BROWSER })
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body.toString()).toBe(SCRIPT)
  })

  it('no copies at all: the file itself, never an error', async () => {
    for (const method of ['GET', 'HEAD']) {
      const res = await get('/assets/raw-f6.js', { 'accept-encoding': BROWSER }, method)
      expect(res.status).toBe(200)
      expect(res.headers['content-encoding']).toBeUndefined()
      expect(Number(res.headers['content-length'])).toBe(SCRIPT.length)
    }
  })

  it('a missing asset is a 404, not the page', async () => {
    expect((await get('/assets/gone-z9.js', { 'accept-encoding': BROWSER })).status).toBe(404)
  })
})

describe('index.html: revalidated with an ETag', () => {
  it('is compressed, carries a weak ETag and no-cache, and answers a matching If-None-Match with 304', async () => {
    const first = await get('/orgs/abc', { 'accept-encoding': BROWSER })
    expect(first.status).toBe(200)
    expect(first.headers['content-encoding']).toBe('br')
    expect(first.headers.vary).toBe('Accept-Encoding')
    expect(first.headers['cache-control']).toBe('no-cache')
    expect(Number(first.headers['content-length'])).toBe(first.body.length)
    const html = decoded(first).toString()
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/org-page-a1.js"></head>')
    const etag = first.headers.etag!
    expect(etag).toMatch(/^W\/".+"$/)

    const again = await get('/orgs/abc', { 'accept-encoding': BROWSER, 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.headers.etag).toBe(etag)
    expect(again.headers.vary).toBe('Accept-Encoding')
    expect(again.headers['cache-control']).toBe('no-cache')
    // The same content in another encoding: the weak validator still matches.
    expect((await get('/orgs/abc', { 'if-none-match': `"x", ${etag}` })).status).toBe(304)
    expect((await get('/orgs/abc', { 'if-none-match': '*' })).status).toBe(304)
    expect((await get('/orgs/abc', { 'if-none-match': etag }, 'HEAD')).status).toBe(304)
    // Identity decodes to the same page.
    expect((await get('/orgs/abc')).body.toString()).toBe(html)
  })

  it('a page with other preload tags, or a rebuilt index.html, has another ETag and is sent in full', async () => {
    const org = (await get('/orgs/abc')).headers.etag!
    const other = await get('/projects/1/recordings', { 'if-none-match': org })
    expect(other.status).toBe(200)
    expect(other.headers.etag).not.toBe(org)

    const later = new Date(Date.now() + 5_000)
    writeFileSync(join(dir, 'index.html'), INDEX.replace('Console', 'Console v2'))
    utimesSync(join(dir, 'index.html'), later, later)
    const rebuilt = await get('/orgs/abc', { 'if-none-match': org, 'accept-encoding': 'gzip' })
    expect(rebuilt.status).toBe(200)
    expect(rebuilt.headers.etag).not.toBe(org)
    expect(decoded(rebuilt).toString()).toContain('Console v2')
  })

  it('HEAD of a page: the GET headers without the body', async () => {
    const [head, full] = [
      await get('/orgs/abc', { 'accept-encoding': 'gzip' }, 'HEAD'),
      await get('/orgs/abc', { 'accept-encoding': 'gzip' }),
    ]
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(head.headers['content-length']).toBe(full.headers['content-length'])
    expect(head.headers['content-encoding']).toBe('gzip')
    expect(head.headers.etag).toBe(full.headers.etag)
  })

  it('other files carry an ETag too and answer 304 to it; an ETag of another file does not match', async () => {
    const preloads = await get('/route-preloads.json', { 'accept-encoding': BROWSER })
    expect(preloads.headers['cache-control']).toBe('no-cache')
    const tag = preloads.headers.etag!
    expect((await get('/route-preloads.json', { 'if-none-match': tag })).status).toBe(304)
    expect((await get('/assets/app-a1.js', { 'if-none-match': tag })).status).toBe(200)
  })

  it('refuses other methods', async () => {
    const res = await get('/orgs/abc', {}, 'POST')
    expect(res.status).toBe(405)
    expect(res.headers.allow).toBe('GET, HEAD')
  })
})
