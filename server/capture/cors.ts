import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * CORS for what the SDK calls from any site: every origin, no credentials (the SDK never sends cookies
 * to capture), the methods capture answers, and whatever request headers the preflight names. Nothing
 * under /api gets these: the console's API stays same-origin.
 */
export function setCaptureCors(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('Access-Control-Allow-Origin', '*')
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
  const asked = req.headers['access-control-request-headers']
  res.setHeader('Access-Control-Allow-Headers', typeof asked === 'string' && asked ? asked : 'Content-Type')
  res.setHeader('Access-Control-Max-Age', '86400')
  // Scripts the snippet loads with crossorigin="anonymous" are read by other sites' pages.
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
}

/** Answers the preflight the browser sends before a capture POST with a non-simple body. */
export function answerPreflight(res: ServerResponse) {
  res.writeHead(204, { 'Content-Length': 0 }).end()
}

export function sendCaptureJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const payload = JSON.stringify(body)
  res.writeHead(status, {
    ...headers,
    'Cache-Control': 'no-store',
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(payload),
  })
  res.end(payload)
}
