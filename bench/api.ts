// API benchmark on a 100k-recording project: latencies, depth and baseline ratios. Prints JSON.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../server/db/database'
import { seedScale } from '../server/seed/scale'
import { latency, startProcess, throughput } from './lib'
import { RECORDING_ORDERS } from '../src/contracts/recording-orders'

const RECORDINGS = Number(process.env.BENCH_RECORDINGS ?? 100_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const dir = mkdtempSync(join(tmpdir(), 'aa-bench-'))
const dbPath = join(dir, 'bench.sqlite')
const children: { kill: () => void }[] = []

try {
  const seedStart = performance.now()
  const { db } = openDatabase(dbPath)
  const { key, project_id, organization_id } = seedScale(db, { recordings: RECORDINGS, exports: 20, runsPerExport: 50 })
  db.close()
  const seedSeconds = (performance.now() - seedStart) / 1000

  const [appPort, naivePort, helloPort] = [18_401, 18_402, 18_403]
  children.push(
    await startProcess(
      ['server/main.ts'],
      { PORT: String(appPort), DATABASE_PATH: dbPath, RATE_LIMIT_PER_MINUTE: '0', ENGINE: '0' },
      /Ready on/,
    ),
  )
  children.push(await startProcess(['bench/baseline/naive-server.ts', dbPath, String(naivePort), String(project_id)]))
  children.push(await startProcess(['bench/baseline/hello-server.ts', String(helloPort)]))

  const app = `http://127.0.0.1:${appPort}`
  // Identity, so the latencies measure finding and serialising a page (the targets' subject); what
  // compressing adds for a browser is the separate list_offset_0_brotli series (bench/compression.ts has
  // the codec costs alone). Node's fetch would otherwise ask for gzip and time its own gunzip too.
  const auth = { authorization: `Bearer ${key}`, 'accept-encoding': 'identity' }
  const browser = { ...auth, 'accept-encoding': 'gzip, deflate, br, zstd' }
  const list = `${app}/api/projects/${project_id}/session_recordings/`
  const last = Math.floor((RECORDINGS - 1) / 100) * 100
  const deep = Math.max(0, RECORDINGS - 100)

  const sample = (await (await fetch(`${list}?limit=1`, { headers: auth })).json()) as { results: { id: string }[] }
  const recordingId = sample.results[0]!.id
  const sortLatencies = async () => {
    const out: Record<string, Awaited<ReturnType<typeof latency>>> = {}
    for (const o of RECORDING_ORDERS) {
      out[`list_order_${o}`] = await latency(`${list}?limit=100&order=${o}`, { headers: auth }, 50)
    }
    return out
  }
  const latencies = {
    list_offset_0: await latency(`${list}?limit=100`, { headers: auth }),
    list_offset_0_brotli: await latency(`${list}?limit=100`, { headers: browser }),
    [`list_offset_${deep}`]: await latency(`${list}?limit=100&offset=${deep}`, { headers: auth }),
    list_last_page: await latency(`${list}?limit=100&offset=${last}`, { headers: auth }),
    ...(await sortLatencies()),
    retrieve: await latency(`${list}${recordingId}/`, { headers: auth }),
    patch: await latency(`${list}${recordingId}/`, {
      method: 'PATCH',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"viewed":true}',
    }),
    organization_retrieve: await latency(`${app}/api/organizations/${organization_id}/`, { headers: auth }),
  }

  const shallow = await throughput(`${list}?limit=100`, auth, SECONDS)
  const deepRun = await throughput(`${list}?limit=100&offset=${deep}`, auth, SECONDS)
  const naive = await throughput(`http://127.0.0.1:${naivePort}/?limit=100`, {}, SECONDS)
  const naiveDeep = await throughput(`http://127.0.0.1:${naivePort}/?limit=100&offset=${deep}`, {}, SECONDS)
  const org = await throughput(`${app}/api/organizations/${organization_id}/`, auth, SECONDS)
  const hello = await throughput(`http://127.0.0.1:${helloPort}/`, {}, SECONDS)

  console.log(
    JSON.stringify(
      {
        machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
        recordings: RECORDINGS,
        seed_seconds: +seedSeconds.toFixed(2),
        latency: latencies,
        throughput: {
          list_offset_0: shallow,
          list_deep: deepRun,
          naive_offset_0: naive,
          naive_deep: naiveDeep,
          organization_retrieve: org,
          hello_world: hello,
        },
        ratios: {
          depth_deep_over_shallow: { value: +(deepRun.rps / shallow.rps).toFixed(2), target: '>= 0.8' },
          list_over_naive_baseline: { value: +(shallow.rps / naive.rps).toFixed(2), target: '>= 1.2' },
          org_retrieve_over_hello_world: { value: +(org.rps / hello.rps).toFixed(2), target: '>= 0.4' },
        },
      },
      null,
      2,
    ),
  )
} finally {
  for (const c of children) c.kill()
  rmSync(dir, { recursive: true, force: true })
}
