import { useRouteError } from 'react-router-dom'
import { RotateCw } from 'lucide-react'
import { Button } from '../components/button'
import { ChunkLoadFailure } from '../components/chunk-load-failure'
import { ErrorState } from '../components/error-state'
import { isChunkLoadError } from '../lib/chunk-errors'
import { reloadPage } from '../lib/reload'

/**
 * A route that failed to load (its code, or its loader) or to render. Inside the shell (`inShell`) it
 * replaces the page only: the sidebar stays, so the admin can go elsewhere. Otherwise (sign-in, the
 * shell itself) it is the whole screen.
 */
export function RouteErrorPage({ inShell = false }: { inShell?: boolean }) {
  const error = useRouteError()
  return (
    <div className={inShell ? 'page' : 'page page-center'}>
      {isChunkLoadError(error) ? (
        <ChunkLoadFailure error={error} />
      ) : (
        <ErrorState
          error={error}
          setsTitle={inShell}
          action={
            <Button variant="primary" icon={<RotateCw size={14} aria-hidden />} onClick={reloadPage}>
              Reload
            </Button>
          }
        />
      )}
    </div>
  )
}
