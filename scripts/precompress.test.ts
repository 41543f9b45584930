import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { precompressDir } from './precompress'

const dir = mkdtempSync(join(tmpdir(), 'aa-precompress-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('precompressDir (the build step)', () => {
  it('writes copies that decode to the file, and a second build into the same folder redoes only what changed', async () => {
    const text = 'const x = 1;\n'.repeat(500)
    writeFileSync(join(dir, 'a.js'), text)
    writeFileSync(join(dir, 'b.css'), text)
    const first = await precompressDir(dir)
    expect(first.br).toBeGreaterThan(0)
    expect(brotliDecompressSync(readFileSync(join(dir, 'a.js.br'))).toString()).toBe(text)
    expect(gunzipSync(readFileSync(join(dir, 'b.css.gz'))).toString()).toBe(text)

    // Nothing changed: nothing is compressed again.
    const again = await precompressDir(dir)
    expect([again.br, again.gzip]).toEqual([0, 0])

    // The second build rewrote a.js (newer than its copies): only its copies are redone, with its content.
    const later = new Date(Date.now() + 10_000)
    writeFileSync(join(dir, 'a.js'), text.replace(/1/g, '2'))
    utimesSync(join(dir, 'a.js'), later, later)
    const cssCopy = statSync(join(dir, 'b.css.br')).mtimeMs
    const third = await precompressDir(dir)
    expect(third.br).toBeGreaterThan(0)
    expect(third.br).toBeLessThan(first.br)
    expect(brotliDecompressSync(readFileSync(join(dir, 'a.js.br'))).toString()).toContain('const x = 2;')
    expect(statSync(join(dir, 'b.css.br')).mtimeMs).toBe(cssCopy)
  })
})
