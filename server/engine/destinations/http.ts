import { z } from 'zod'
import { parseObject, type EventRecord, type ExportRecord } from '../../db/export-records'
import { describeError, ExportError } from '../errors'
import { failed, passed, type Destination, type DestinationWriter, type ExportContext } from './types'

/** What a run reads of a stored HTTP config (checked whole by the contract's httpConfigInput when saved). */
const httpConfig = z.looseObject({ url: z.string(), token: z.string().nullish() })
export type HttpConfig = z.output<typeof httpConfig>

/** PostHog's batch limits for this destination: records per request and bytes per request. */
const BATCH_RECORDS = 5000
const BATCH_BYTES = 10 * 1024 * 1024
const REQUEST_TIMEOUT_MS = 60_000

/** A record as PostHog's batch capture takes it (`insert_into_http_activity`). */
function captureEvent(r: EventRecord) {
  const properties: Record<string, unknown> = { ...parseObject(r.properties), $geoip_disable: true }
  if (r.event === '$autocapture' && r.elements_chain) properties.$elements_chain = r.elements_chain
  return { uuid: r.uuid, distinct_id: r.distinct_id, timestamp: r.timestamp, event: r.event, properties }
}

/** 5xx and 429 may pass on a retry; any other refusal is about the request (PostHog's two error classes). */
async function post(url: string, body: string, signal: AbortSignal) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
  })
  if (response.ok) {
    await response.body?.cancel()
    return
  }
  const text = (await response.text().catch(() => '')).slice(0, 500)
  if (response.status >= 500 || response.status === 429)
    throw new ExportError(`RetryableResponseError status: ${response.status}`, true)
  throw new ExportError(`NonRetryableResponseError (status: ${response.status}): ${text}`, false)
}

const envelope = (token: string, batch: string[]) =>
  `{"api_key":${JSON.stringify(token)},"historical_migration":true,"batch":[${batch.join(',')}]}`

async function openHttp(config: HttpConfig, ctx: ExportContext): Promise<DestinationWriter> {
  let pending: string[] = []
  let pendingBytes = 0
  let records = 0
  let bytes = 0
  let requests = 0
  const flush = async () => {
    if (pending.length === 0) return
    const body = envelope(config.token ?? '', pending)
    await post(config.url, body, ctx.signal)
    records += pending.length
    bytes += Buffer.byteLength(body)
    requests++
    pending = []
    pendingBytes = 0
  }
  return {
    async write(batch: ExportRecord[]) {
      for (const record of batch) {
        const text = JSON.stringify(captureEvent(record as EventRecord))
        if (pending.length >= BATCH_RECORDS || pendingBytes + text.length > BATCH_BYTES) await flush()
        pending.push(text)
        pendingBytes += text.length
      }
    },
    async close() {
      await flush()
      return { records, bytes, target: `${config.url} in ${requests} request${requests === 1 ? '' : 's'}` }
    },
    async abort() {
      pending = []
    },
  }
}

export const httpDestination: Destination<HttpConfig> = {
  config: httpConfig,
  open: openHttp,
  testSteps: [
    {
      name: 'Send a test request',
      description: 'POST an empty batch with the token to the URL and expect a 2xx answer.',
      async run(config, signal) {
        try {
          await post(config.url, envelope(config.token ?? '', []), signal)
          return passed()
        } catch (error) {
          return failed(`The endpoint ${config.url} did not accept the request: ${describeError(error)}`)
        }
      },
    },
  ],
}
