import { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'
import pg from 'pg'

/** A real Postgres (PGlite) speaking the wire protocol on a loopback port; `query` reads what exports wrote. */
export async function startPostgresServer() {
  const db = await PGlite.create()
  const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1', maxConnections: 8 })
  await server.start()
  // getServerConn() answers "host:port" once listening on an ephemeral port.
  const port = Number(server.getServerConn().split(':').at(-1))
  const config = { host: '127.0.0.1', port, database: 'postgres', user: 'postgres', password: 'postgres' }
  return {
    ...config,
    async query<R extends pg.QueryResultRow = Record<string, unknown>>(text: string, params: unknown[] = []) {
      const client = new pg.Client({ ...config, ssl: false })
      await client.connect()
      try {
        return (await client.query<R>(text, params)).rows
      } finally {
        await client.end()
      }
    },
    async close() {
      await server.stop()
      await db.close()
    },
  }
}
export type PostgresServer = Awaited<ReturnType<typeof startPostgresServer>>
