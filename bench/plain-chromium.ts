// Chromium driven over its DevTools pipe with only the domains a cold load needs, for timing pages as a
// browser without DevTools runs them (bench/cold-load.ts: every cold load of bench/console.ts and
// bench/console-ab.ts).
//
// Playwright turns on the Runtime and Network domains of every page. With Runtime on, V8 captures the
// stack of every Error in detail, which for an Error made while a script initializes (React DOM makes
// one) reparses that whole script for source positions; with Network on, every request a script starts
// records its initiator's stack. A user's browser does neither. Here the page gets Page (navigation
// events), Emulation (CPU throttling, viewport) and Runtime.evaluate calls, which do not turn Runtime on.
import { chromium } from '@playwright/test'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable, Writable } from 'node:stream'
import { chromiumLaunchOptions } from '../e2e/support/chromium'
import { exited } from '../server/test/process'

type Message = {
  id?: number
  method?: string
  params?: Record<string, unknown>
  sessionId?: string
  result?: unknown
  error?: { message: string }
}

/**
 * Launches Chromium headless (the system one, as the e2e tests do, or Playwright's own), driven over its
 * DevTools pipe; its pages get `viewport`. `close()` ends it and removes its profile.
 */
export async function launchPlainChromium({ viewport }: { viewport: { width: number; height: number } }) {
  const executable = chromiumLaunchOptions.executablePath ?? chromium.executablePath()
  const profile = mkdtempSync(join(tmpdir(), 'aa-plain-chromium-'))
  const child = spawn(
    executable,
    [
      ...(chromiumLaunchOptions.args ?? []),
      '--headless=new',
      '--remote-debugging-pipe',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  )
  const toBrowser = child.stdio[3] as Writable
  const fromBrowser = child.stdio[4] as Readable
  let nextId = 1
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>()
  const listeners = new Set<(m: Message) => void>()
  let buffered = ''
  // Decoded as a stream, so a character split across two chunks arrives whole.
  fromBrowser.setEncoding('utf8')
  fromBrowser.on('data', (chunk: string) => {
    buffered += chunk
    let end: number
    while ((end = buffered.indexOf('\0')) >= 0) {
      const message = JSON.parse(buffered.slice(0, end)) as Message
      buffered = buffered.slice(end + 1)
      if (message.id !== undefined) {
        const waiter = pending.get(message.id)
        pending.delete(message.id)
        if (message.error) waiter?.reject(new Error(message.error.message))
        else waiter?.resolve(message.result)
      } else for (const listen of listeners) listen(message)
    }
  })
  const send = <T = Record<string, unknown>>(method: string, params: object = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject })
      toBrowser.write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + '\0')
    })
  const event = (method: string, sessionId: string, matches: (params: Record<string, unknown>) => boolean) =>
    new Promise<void>((resolve) => {
      const listen = (m: Message) => {
        if (m.method !== method || m.sessionId !== sessionId || !matches(m.params ?? {})) return
        listeners.delete(listen)
        resolve()
      }
      listeners.add(listen)
    })

  /**
   * One cold load in a fresh browser context (empty cache, no storage): `init` runs in the page before
   * its own scripts; `measure` is evaluated once the navigation has committed, its promise awaited.
   */
  async function coldLoad<T>({
    url,
    rate,
    init,
    measure,
  }: {
    url: string
    rate: number
    init: string
    measure: string
  }) {
    const { browserContextId } = await send<{ browserContextId: string }>('Target.createBrowserContext')
    try {
      const { targetId } = await send<{ targetId: string }>('Target.createTarget', {
        url: 'about:blank',
        browserContextId,
      })
      const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true })
      await send('Page.enable', {}, sessionId)
      await send('Emulation.setDeviceMetricsOverride', { ...viewport, deviceScaleFactor: 1, mobile: false }, sessionId)
      await send('Emulation.setCPUThrottlingRate', { rate }, sessionId)
      await send('Page.addScriptToEvaluateOnNewDocument', { source: init }, sessionId)
      const committed = event('Page.frameNavigated', sessionId, (p) => {
        const frame = p.frame as { parentId?: string; url: string }
        return !frame.parentId && frame.url.startsWith(new URL(url).origin)
      })
      await send('Page.navigate', { url }, sessionId)
      await committed
      const { result } = await send<{ result: { value: T } }>(
        'Runtime.evaluate',
        { expression: measure, awaitPromise: true, returnByValue: true },
        sessionId,
      )
      return result.value
    } finally {
      await send('Target.disposeBrowserContext', { browserContextId })
    }
  }

  async function close() {
    // Not sent to a browser that is gone (it would never answer); its exit then resolves at once.
    if (child.exitCode === null && child.signalCode === null) await send('Browser.close').catch(() => undefined)
    await exited(child)
    rmSync(profile, { recursive: true, force: true })
  }
  return { coldLoad, close }
}
