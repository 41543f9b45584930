import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Received {
  headers: Record<string, string | string[] | undefined>
  body: { api_key: string; historical_migration: boolean; batch: Record<string, unknown>[] }
}

/**
 * A real HTTP endpoint on loopback that records what it receives. `answer` decides each response
 * (status and optional delay), so a test can make it refuse, fail for a while, or hang.
 */
export async function startHttpReceiver() {
  const received: Received[] = []
  let answer: (request: Received, index: number) => { status: number; delayMs?: number; body?: string } = () => ({
    status: 200,
  })
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const request = { headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') }
      const reply = answer(request, received.length)
      if (reply.status < 300) received.push(request)
      const send = () => {
        if (res.destroyed) return
        res.writeHead(reply.status, { 'content-type': 'application/json' })
        res.end(reply.body ?? '{"status": 1}')
      }
      if (reply.delayMs) setTimeout(send, reply.delayMs)
      else send()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/batch/`
  return {
    url,
    received,
    /** Events received in accepted requests, in order. */
    events: () => received.flatMap((r) => r.body.batch),
    answer(fn: typeof answer) {
      answer = fn
    },
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
export type HttpReceiver = Awaited<ReturnType<typeof startHttpReceiver>>
