import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimReload, failedAssetUrl, isChunkLoadError, probeAsset } from './chunk-errors'

const ORIGIN = 'http://127.0.0.1:8000'

describe('chunk errors', () => {
  it('recognises a failed download of the console code in each browser, and nothing else', () => {
    for (const message of [
      `Failed to fetch dynamically imported module: ${ORIGIN}/assets/batch-exports-page-B78iDL3K.js`,
      `error loading dynamically imported module: ${ORIGIN}/assets/batch-exports-page-B78iDL3K.js`,
      'Importing a module script failed.',
      `Unable to preload CSS for ${ORIGIN}/assets/batch-exports-xbhrYWEO.css`,
      "Failed to load module script: Expected a JavaScript module script but the server responded with a MIME type of 'text/html'. Strict MIME type checking is enforced for module scripts per HTML spec. 'text/html' is not a valid JavaScript MIME type.",
    ]) {
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true)
    }
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
  })

  it('names the file that failed when the message does, on this origin only', () => {
    const js = new TypeError(`Failed to fetch dynamically imported module: ${ORIGIN}/assets/page-B78.js`)
    expect(failedAssetUrl(js, ORIGIN)).toBe(`${ORIGIN}/assets/page-B78.js`)
    expect(failedAssetUrl(new Error('Unable to preload CSS for /assets/x-1.css'), ORIGIN)).toBe(
      `${ORIGIN}/assets/x-1.css`,
    )
    expect(failedAssetUrl(new Error('Importing a module script failed.'), ORIGIN)).toBeNull()
    expect(
      failedAssetUrl(
        new Error('Failed to fetch dynamically imported module: https://evil.example/assets/a.js'),
        ORIGIN,
      ),
    ).toBeNull()
  })

  it('reloads a URL for a failed chunk once, then not again for a while', () => {
    const map = new Map<string, string>()
    const storage = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
    } as Storage
    const now = Date.parse('2026-05-01T10:00:00Z')
    expect(claimReload(storage, `${ORIGIN}/orgs/1/batch-exports`, now)).toBe(true)
    expect(claimReload(storage, `${ORIGIN}/orgs/1/batch-exports`, now + 5_000)).toBe(false)
    // Another page, or the same one much later, gets its own reload.
    expect(claimReload(storage, `${ORIGIN}/projects/1/recordings`, now + 6_000)).toBe(true)
    expect(claimReload(storage, `${ORIGIN}/orgs/1/batch-exports`, now + 120_000)).toBe(true)
  })
})

describe('probeAsset', () => {
  let server: Server
  let base = ''
  beforeAll(async () => {
    server = createServer((req, res) => {
      res.writeHead(req.url === '/assets/there.js' ? 200 : 404).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))

  it('tells a file removed by a deploy from one that is there and from no server at all', async () => {
    expect(await probeAsset(`${base}/assets/gone.js`)).toBe('missing')
    expect(await probeAsset(`${base}/assets/there.js`)).toBe('reachable')
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    expect(await probeAsset(`http://127.0.0.1:${port}/assets/there.js`)).toBe('unreachable')
  })
})
