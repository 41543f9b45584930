// What compressing API answers costs and saves, per codec and level, on real answers of the real server
// (a 20k-recording project): CPU time per answer on this machine, encoded size, and the time that size
// takes on a 10 Mbit/s link. The server compresses with brotli 1 / gzip 1 (server/http/compress.ts);
// this shows why. Also the cost of the content ETag (sha1 of the answer). Prints JSON.
import { hash } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { createApp } from '../server/app'
import { openDatabase } from '../server/db/database'
import { seedScale } from '../server/seed/scale'
import { percentile } from './lib'

const LINK_BYTES_PER_MS = 10_000_000 / 8 / 1000

const dir = mkdtempSync(join(tmpdir(), 'aa-compression-'))
const { db } = openDatabase(join(dir, 'compression.sqlite'))
try {
  const { key, project_id, organization_id } = seedScale(db, { recordings: 20_000, exports: 20, runsPerExport: 20 })
  const server = createServer(
    createApp({ db, RATE_LIMIT_PER_MINUTE: 0, STATIC_DIR: join(dir, 'none'), LOG_REQUESTS: '0' }),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const answer = async (path: string) => {
    const res = await fetch(base + path, { headers: { authorization: `Bearer ${key}`, 'accept-encoding': 'identity' } })
    return Buffer.from(await res.arrayBuffer())
  }
  const rec = `/api/projects/${project_id}/session_recordings/`
  const bodies = {
    recordings_page_100: await answer(`${rec}?limit=100`),
    recordings_page_1000: await answer(`${rec}?limit=1000`),
    batch_exports_20: await answer(`/api/organizations/${organization_id}/batch_exports/`),
    organization: await answer(`/api/organizations/${organization_id}/`),
  }
  server.close()

  const codecs: Record<string, (b: Buffer) => Buffer> = {}
  for (const level of [1, 4, 6, 9]) codecs[`gzip_${level}`] = (b) => gzipSync(b, { level })
  for (const quality of [1, 3, 4, 5, 11]) {
    codecs[`br_${quality}`] = (b) =>
      brotliCompressSync(b, {
        params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: b.length },
      })
  }

  const results: Record<string, unknown> = {}
  for (const [name, body] of Object.entries(bodies)) {
    const row: Record<string, unknown> = {
      identity: { kb: +(body.length / 1024).toFixed(1), link_ms: +(body.length / LINK_BYTES_PER_MS).toFixed(1) },
    }
    for (const [codec, compress] of Object.entries(codecs)) {
      // Brotli 11 takes about a second on a large page: fewer runs of it.
      const runs = codec === 'br_11' ? 5 : 50
      for (let i = 0; i < 3; i++) compress(body)
      const times: number[] = []
      let size = 0
      for (let i = 0; i < runs; i++) {
        const started = performance.now()
        size = compress(body).length
        times.push(performance.now() - started)
      }
      times.sort((a, b) => a - b)
      row[codec] = {
        cpu_ms_p50: +percentile(times, 50).toFixed(3),
        kb: +(size / 1024).toFixed(1),
        ratio: +(body.length / size).toFixed(1),
        link_ms: +(size / LINK_BYTES_PER_MS).toFixed(1),
      }
    }
    // What the content ETag of an answer costs (server/http/etag.ts): sha1 of the JSON.
    const hashTimes: number[] = []
    for (let i = 0; i < 200; i++) {
      const started = performance.now()
      hash('sha1', body, 'base64url')
      hashTimes.push(performance.now() - started)
    }
    hashTimes.sort((a, b) => a - b)
    row.etag_sha1_cpu_ms_p50 = +percentile(hashTimes, 50).toFixed(3)
    results[name] = row
  }
  console.log(
    JSON.stringify(
      {
        machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
        chosen: 'br_1 when accepted, else gzip_1; bodies under 1 KB as they are; above 256 KB off the main thread',
        answers: results,
      },
      null,
      2,
    ),
  )
} finally {
  db.close()
  rmSync(dir, { recursive: true, force: true })
}
