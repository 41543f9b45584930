/**
 * A page's code (a route chunk, its CSS) that failed to download: offline, a network blip, or a deploy
 * that removed the files this tab was built against. Browsers remember a failed module for the life of
 * the document (Chromium answers every later import() of it, and of anything importing it, with the same
 * error), so the only way to load it again is a new document: a reload, once the server is reachable.
 */

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|is not a valid JavaScript MIME type/i

/** Whether an error is a failed download of the console's own code rather than a bug or an API failure. */
export function isChunkLoadError(error: unknown): error is Error {
  return error instanceof Error && CHUNK_ERROR.test(error.message)
}

/** The file that failed, when the browser's message names it (Chromium and Firefox do, Safari does not). */
export function failedAssetUrl(error: Error, origin: string): string | null {
  const match = /((?:https?:\/\/[^\s'"]+)?\/assets\/[\w.-]+\.(?:js|css))/.exec(error.message)
  if (!match) return null
  const url = new URL(match[1]!, origin)
  return url.origin === origin ? url.href : null
}

export type AssetProbe = 'missing' | 'reachable' | 'unreachable'

/** Asks the server for the file (HEAD, no cache): gone after a deploy, there (a blip), or no server at all. */
export async function probeAsset(url: string, fetcher: typeof fetch = fetch): Promise<AssetProbe> {
  try {
    const response = await fetcher(url, { method: 'HEAD', cache: 'no-store' })
    return response.status === 404 ? 'missing' : 'reachable'
  } catch {
    return 'unreachable'
  }
}

const GUARD_KEY = 'analytics-admin.chunk-reload'
/** A second failure of the same page within this long after reloading for it is not reloaded again. */
const GUARD_MS = 30_000

/**
 * Claims the one automatic reload this URL gets: false when the page was already reloaded for a failed
 * chunk moments ago (the new deploy is broken too, or the file is still unreachable), so it never loops.
 */
export function claimReload(storage: Storage | null, href: string, now = Date.now()): boolean {
  try {
    const last = JSON.parse(storage?.getItem(GUARD_KEY) ?? 'null') as { href?: string; at?: number } | null
    if (last?.href === href && typeof last.at === 'number' && now - last.at < GUARD_MS) return false
    storage?.setItem(GUARD_KEY, JSON.stringify({ href, at: now }))
    return true
  } catch {
    return false
  }
}
