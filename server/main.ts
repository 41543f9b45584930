import { createServer } from 'node:http'
import { createApp } from './app'
import { openDatabase } from './db/database'
import { createEngine } from './engine/engine'
import { onWorkQueued } from './engine/signal'
import { loadEnv } from './env'
import { seedDemo } from './seed/demo'

const env = loadEnv()
const local = !env.UPSTREAM_URL
const opened = local ? openDatabase(env.DATABASE_PATH) : null
let demoKey: string | null = null
if (opened?.created) demoKey = seedDemo(opened.db, { key: env.DEMO_API_KEY }).key

// The export engine runs inside the server in local mode only: in proxy mode PostHog runs the exports.
const engine = opened && env.ENGINE === '1' ? createEngine({ db: opened.db, pollMs: env.ENGINE_POLL_MS }) : null
if (engine) onWorkQueued(engine.nudge)

const server = createServer(createApp({ ...env, db: opened?.db }))
server.keepAliveTimeout = 65_000

server.listen(env.PORT, env.HOST, () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : env.PORT
  const origin = `http://${env.HOST}:${port}`
  if (env.UPSTREAM_URL) console.log(`Proxy mode: /api/* is forwarded to ${env.UPSTREAM_URL}`)
  else console.log(`Database: ${env.DATABASE_PATH}`)
  // The key travels in the URL fragment, which browsers never send to a server.
  if (demoKey) console.log(`Sign in: ${origin}/#key=${demoKey}`)
  else if (local)
    console.log(
      'Sign in with a key from `npm run keys -- create --scopes "*"` (the demo key was printed on first start).',
    )
  const busy = engine?.start()
  if (busy)
    console.log(
      `Export engine: another server (pid ${busy.pid} on ${busy.host}) runs it on this database; this one serves the API only.`,
    )
  console.log(`Ready on ${origin}`)
})

async function shutdown() {
  server.close()
  server.closeAllConnections()
  // A run in progress is left Running; the next start takes it over (it is retried from the start of its window).
  await Promise.race([engine?.stop(), new Promise((resolve) => setTimeout(resolve, 2000))])
  opened?.db.close()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown())
process.on('SIGTERM', () => void shutdown())
