// `npm run dev`: the local API server on :8000 and Vite with HMR on :5173 (which proxies /api to it).
import { spawn } from 'node:child_process'

const children = [
  spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.PORT ?? '8000' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', (code) => code && stop())
