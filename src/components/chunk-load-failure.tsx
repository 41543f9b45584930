import { useCallback, useEffect, useState } from 'react'
import { CloudOff, RotateCw, TriangleAlert } from 'lucide-react'
import { claimReload, failedAssetUrl, probeAsset } from '../lib/chunk-errors'
import { reloadPage } from '../lib/reload'
import { Button } from './button'
import { useDocumentTitle } from './use-document-title'

type Phase = 'checking' | 'offline' | 'unreachable' | 'stuck'

const RETRY_MS = 10_000

const TEXT: Record<Phase, { title: string; text: string }> = {
  checking: { title: 'Loading this page…', text: 'Fetching the latest version of the console.' },
  offline: {
    title: 'You are offline',
    text: 'The code of this page could not be downloaded. It loads by itself when you are back online.',
  },
  unreachable: {
    title: "Can't reach the server",
    text: `The code of this page could not be downloaded. Trying again every ${RETRY_MS / 1000} seconds.`,
  },
  stuck: {
    title: 'This page could not be loaded',
    text: 'Its code is still missing after reloading: the console may be being updated. Reload in a moment.',
  },
}

function storage(): Storage | null {
  try {
    return sessionStorage
  } catch {
    return null
  }
}

/**
 * In place of a page whose code failed to download (see lib/chunk-errors.ts): says why, and loads it
 * again with a reload (the only way, as browsers keep the failure) once the server answers — by itself
 * when the browser comes back online or the server is reachable again, or on Retry. A deploy that removed
 * the old files is reloaded for once; a failure right after that reload waits for the user.
 */
export function ChunkLoadFailure({ error }: { error: Error }) {
  const [phase, setPhase] = useState<Phase>(() => (navigator.onLine ? 'checking' : 'offline'))
  const asset = failedAssetUrl(error, window.location.origin) ?? `${window.location.origin}/`
  useDocumentTitle(TEXT[phase].title.replace('…', ''))

  // Reloads once the server answers for the file (there: a blip; gone: a deploy). An automatic attempt
  // claims the URL's one reload; the user's Retry always reloads.
  const reloadWhenReachable = useCallback(
    (automatic: boolean) =>
      probeAsset(asset).then((probe) => {
        if (probe === 'unreachable') return setPhase(navigator.onLine ? 'unreachable' : 'offline')
        if (automatic && !claimReload(storage(), window.location.href)) return setPhase('stuck')
        reloadPage()
      }),
    [asset],
  )
  const attempt = useCallback(
    (automatic: boolean) => {
      if (!navigator.onLine) return setPhase('offline')
      setPhase('checking')
      void reloadWhenReachable(automatic)
    },
    [reloadWhenReachable],
  )

  useEffect(() => {
    const onOnline = () => attempt(true)
    window.addEventListener('online', onOnline)
    // First look (the phase starts as 'checking' when online); offline waits for the 'online' event.
    if (navigator.onLine) void reloadWhenReachable(true)
    return () => window.removeEventListener('online', onOnline)
  }, [attempt, reloadWhenReachable])

  useEffect(() => {
    if (phase !== 'unreachable') return
    const timer = setTimeout(() => attempt(true), RETRY_MS)
    return () => clearTimeout(timer)
  }, [phase, attempt])

  const Icon = phase === 'checking' ? RotateCw : phase === 'stuck' ? TriangleAlert : CloudOff
  return (
    <div
      className={phase === 'checking' ? 'empty-state' : 'empty-state error-state'}
      role={phase === 'checking' ? 'status' : 'alert'}
    >
      <div className="empty-state-icon" aria-hidden>
        <Icon size={22} className={phase === 'checking' ? 'spin' : undefined} />
      </div>
      <h2 className="empty-state-title">{TEXT[phase].title}</h2>
      <p className="empty-state-text">{TEXT[phase].text}</p>
      {phase !== 'checking' && (
        <div className="empty-state-action">
          <Button variant="primary" icon={<RotateCw size={14} aria-hidden />} onClick={() => attempt(false)}>
            {phase === 'stuck' ? 'Reload' : 'Retry'}
          </Button>
        </div>
      )}
    </div>
  )
}
