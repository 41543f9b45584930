import { spawn, type ChildProcess } from 'node:child_process'

/** Starts `server/main.ts` as `npm start` would, resolving once it prints "Ready on". */
export async function startServerProcess(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 20_000)
    const check = setInterval(() => {
      if (out.includes('Ready on')) {
        clearInterval(check)
        clearTimeout(timer)
        resolve()
      }
      if (child.exitCode !== null) {
        clearInterval(check)
        clearTimeout(timer)
        reject(new Error(`server exited:\n${out}`))
      }
    }, 25)
  })
  return { child, output: () => out }
}

export const randomPort = () => 20_000 + Math.floor(Math.random() * 30_000)

/** Resolves when the process has exited (immediately if it already has). */
export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  )
