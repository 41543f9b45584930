import { spawn, type ChildProcess } from 'node:child_process'

/** Runs a TypeScript entry with tsx, resolving once its output matches `ready` (rejecting if it exits first). */
export async function startTsProcess(
  args: string[],
  env: Record<string, string> = {},
  ready = /Ready/,
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env: { ...process.env, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args[0]} did not start:\n${out}`)), 30_000)
    const onData = (d: Buffer) => {
      out += d.toString()
      if (ready.test(out)) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', () => {
      clearTimeout(timer)
      reject(new Error(`${args[0]} exited:\n${out}`))
    })
  })
  return { child, output: () => out }
}

/** Starts `server/main.ts` as `npm start` would, resolving once it prints "Ready on". */
export const startServerProcess = (env: Record<string, string>) => startTsProcess(['server/main.ts'], env, /Ready on/)

export const randomPort = () => 20_000 + Math.floor(Math.random() * 30_000)

/** Resolves when the process has exited (immediately if it already has). */
export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  )
