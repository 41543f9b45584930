// A TCP proxy on loopback that puts a network between the browser and a server: every byte waits half
// the round trip each way, each direction is one link of the given throughput that all connections
// share (bytes queue behind the bytes before them), and a new connection pays one round trip for its
// handshake before its first request reaches the server. Used instead of Chromium's network emulation,
// which only works with the DevTools Network domain on (and that domain's own costs on the page).
import { connect, createServer, type Socket } from 'node:net'
import { performance } from 'node:perf_hooks'

export type NetworkProfile = { latency: number; downloadThroughput: number; uploadThroughput: number }

/** One direction of the link: bytes leave one after another at `bytesPerSecond`, then travel `delay` ms. */
function link(bytesPerSecond: number, delay: number) {
  let freeAt = 0
  return {
    /** The time (performance.now()) at which `bytes` sent now, not before `earliest`, arrive. */
    send: (bytes: number, earliest = 0) => {
      const start = Math.max(performance.now(), freeAt, earliest)
      freeAt = start + (bytes / bytesPerSecond) * 1000
      return freeAt + delay
    },
    /** Forgets bytes still queued (their connections are gone), so the next load starts on an idle link. */
    reset: () => (freeAt = 0),
  }
}

/**
 * Starts the proxy in front of `127.0.0.1:targetPort`; resolves with its origin and a `close()`.
 * Order within a connection is kept: arrival times on one link never decrease.
 */
export async function startNetworkShaper(targetPort: number, profile: NetworkProfile) {
  const oneWay = profile.latency / 2
  const up = link(profile.uploadThroughput, oneWay)
  const down = link(profile.downloadThroughput, oneWay)
  const sockets = new Set<Socket>()

  const forward = (from: Socket, to: Socket, send: (bytes: number, earliest?: number) => number, opensAt = 0) => {
    let last = 0
    from.on('data', (chunk) => {
      last = send(chunk.length, opensAt)
      setTimeout(() => to.writable && to.write(chunk), last - performance.now())
    })
    from.on('end', () => setTimeout(() => to.end(), Math.max(0, last - performance.now())))
  }

  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1')
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.setNoDelay(true)
      socket.on('error', () => {
        client.destroy()
        upstream.destroy()
      })
      socket.on('close', () => {
        sockets.delete(socket)
        if (sockets.size > 0) return
        up.reset()
        down.reset()
      })
    }
    // The handshake's round trip: the client's first bytes leave once it is done.
    forward(client, upstream, up.send, performance.now() + profile.latency)
    forward(upstream, client, down.send)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
