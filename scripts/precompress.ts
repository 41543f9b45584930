import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import type { Plugin } from 'vite'
import { compressAsync, ENCODINGS, PRECOMPRESSED_SUFFIX } from '../server/http/compress.ts'

/** Text types, where compression pays; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.ico', '.json', '.map', '.txt', '.wasm'])

/** Every file under `dir`, recursively, skipping dot-folders (Vite's `.vite/` manifest is not served). */
async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((e) => {
      if (e.name.startsWith('.')) return []
      const path = join(dir, e.name)
      return e.isDirectory() ? files(path) : e.isFile() ? [path] : []
    }),
  )
  return nested.flat()
}

/**
 * Writes `name.br` (brotli 11) and `name.gz` (gzip 9) beside every compressible file of the build, so the
 * server sends the smallest encoding a browser accepts without compressing at request time. A copy that
 * would not be smaller is not written (the server then sends the file itself); one already newer than its
 * file is kept (several builds write into one folder: each compresses only what is new). Returns bytes
 * per encoding written.
 */
export async function precompressDir(dir: string) {
  const totals = { identity: 0, br: 0, gzip: 0 }
  const targets = (await files(dir)).filter(
    (f) => COMPRESSIBLE.has(extname(f)) && !Object.values(PRECOMPRESSED_SUFFIX).some((s) => f.endsWith(s)),
  )
  await Promise.all(
    targets.map(async (file) => {
      const { mtimeMs } = await stat(file)
      const copyIsFresh = async (encoding: (typeof ENCODINGS)[number]) =>
        ((await stat(file + PRECOMPRESSED_SUFFIX[encoding]).catch(() => null))?.mtimeMs ?? -1) >= mtimeMs
      const body = await readFile(file)
      totals.identity += body.length
      for (const encoding of ENCODINGS) {
        if (await copyIsFresh(encoding)) continue
        const encoded = await compressAsync(body, encoding, 'max')
        if (encoded.length >= body.length) continue
        await writeFile(file + PRECOMPRESSED_SUFFIX[encoding], encoded)
        totals[encoding] += encoded.length
      }
    }),
  )
  return totals
}

/** The vite build step: precompresses the whole output folder (bundle, emitted assets, public files). */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    // Last, after every other plugin has written its files.
    enforce: 'post',
    async writeBundle(options) {
      if (options.dir && (await stat(options.dir).catch(() => null))?.isDirectory()) await precompressDir(options.dir)
    },
  }
}
