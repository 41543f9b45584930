import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Db } from '../db/database'
import { projectByToken } from '../db/teams'
import { answerPreflight, sendCaptureJson, setCaptureCors } from './cors'
import { decodeCapture, readCaptureBody } from './decode'
import { CaptureError, CAPTURE_TEXTS } from './errors'
import { createIngestQueue, prepareBatch } from './ingest'
import { createLimiter } from './limiter'
import { readBatch, tokenFrom } from './payload'
import { flagsAnswer, remoteConfig, remoteConfigScript } from './remote-config'
import { createSdkBundles } from './sdk-bundles'

/** The paths posthog-js (and PostHog's other SDKs) send events and recordings to, with or without the slash. */
const INGEST = /^\/(e|i\/v0\/e|batch|capture|track|engage|s|i\/v0\/s)\/?$/
const FLAGS = /^\/(flags|decide)\/?$/
const CONFIG = /^\/array\/([^/]{1,200})\/(config|config\.js|array\.js)$/

/** Whether a path belongs to capture (and so never reaches the console's client-side routes). */
export const isCapturePath = (pathname: string) =>
  INGEST.test(pathname) || FLAGS.test(pathname) || CONFIG.test(pathname) || pathname.startsWith('/static/')

const unknownToken = () => new CaptureError(401, 'authentication_error', 'invalid_api_key', CAPTURE_TEXTS.invalidToken)

/**
 * What PostHog's capture and asset hosts answer, for posthog-js pointed at this server: events and
 * recordings in (decode → check → ingest, server/capture/*), the remote config and flags that turn
 * recording on, and the SDK's own bundles. Shares nothing with /api but the database.
 */
export function createCaptureHandler(db: Db) {
  const bundles = createSdkBundles()
  const ingestQueued = createIngestQueue(db)
  // Decoding and encoding take turns (see limiter.ts); writes are grouped by the ingest queue.
  const cpu = createLimiter(3)

  const project = (token: string) => {
    const found = projectByToken(db, token)
    if (!found) throw unknownToken()
    return found
  }

  async function ingest(req: IncomingMessage, res: ServerResponse, url: URL) {
    const body = req.method === 'POST' ? await readCaptureBody(req) : null
    const { teamId, prepared } = await cpu(async () => {
      const decoded = await decodeCapture(req, url, body)
      const token = tokenFrom(decoded, url)
      const team = project(token)
      const now = Date.now()
      return { teamId: team.id, prepared: await prepareBatch(readBatch(decoded, url, token, now), now) }
    })
    await ingestQueued(teamId, prepared)
    sendCaptureJson(res, 200, { status: 1 })
  }

  async function flags(req: IncomingMessage, res: ServerResponse, url: URL) {
    const body = req.method === 'POST' ? await readCaptureBody(req) : null
    const decoded =
      body === null && !url.searchParams.has('data') ? { data: {}, form: null } : await decodeCapture(req, url, body)
    const token = tokenFrom(decoded, url)
    project(token)
    const withConfig = url.pathname.startsWith('/decide') || url.searchParams.get('config') === 'true'
    sendCaptureJson(res, 200, flagsAnswer(token, withConfig))
  }

  function config(req: IncomingMessage, res: ServerResponse, token: string, kind: string) {
    project(token)
    if (kind === 'config') return sendCaptureJson(res, 200, remoteConfig(token))
    const script =
      kind === 'array.js' ? `${bundles.text('array.js')}\n${remoteConfigScript(token)}` : remoteConfigScript(token)
    res.writeHead(200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Content-Length': Buffer.byteLength(script),
      'Cache-Control': 'no-cache',
    })
    res.end(req.method === 'HEAD' ? undefined : script)
  }

  async function route(req: IncomingMessage, res: ServerResponse, url: URL) {
    const method = req.method ?? 'GET'
    const { pathname } = url
    if (pathname.startsWith('/static/')) {
      const bundle = bundles.resolve(pathname)
      if (!bundle || (method !== 'GET' && method !== 'HEAD'))
        throw new CaptureError(404, 'invalid_request', 'not_found', 'No such SDK bundle.')
      const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
      return bundles.send(res, bundle.name, bundle.pinned, acceptsGzip, method === 'HEAD')
    }
    const configMatch = CONFIG.exec(pathname)
    if (configMatch) {
      if (method !== 'GET' && method !== 'HEAD') throw methodNotAllowed(method)
      let token: string
      try {
        token = decodeURIComponent(configMatch[1]!)
      } catch {
        throw unknownToken()
      }
      return config(req, res, token, configMatch[2]!)
    }
    if (method !== 'GET' && method !== 'POST') throw methodNotAllowed(method)
    if (FLAGS.test(pathname)) return flags(req, res, url)
    return ingest(req, res, url)
  }

  return async function handleCapture(req: IncomingMessage, res: ServerResponse, url: URL) {
    setCaptureCors(req, res)
    if (req.method === 'OPTIONS') return answerPreflight(res)
    try {
      await route(req, res, url)
    } catch (error) {
      if (res.headersSent) return void res.end()
      if (error instanceof CaptureError) return error.send(res)
      console.error(`[capture ${req.method} ${url.pathname}]`, error)
      sendCaptureJson(res, 503, {
        type: 'server_error',
        code: 'server_error',
        detail: 'Unable to store the events. Please try again.',
        attr: null,
      })
    }
  }
}

const methodNotAllowed = (method: string) =>
  new CaptureError(405, 'invalid_request', 'method_not_allowed', `Method "${method.slice(0, 20)}" not allowed.`, null, {
    Allow: 'GET, POST, OPTIONS',
  })
