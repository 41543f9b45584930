import { useRouteError } from 'react-router-dom'
import { RotateCw } from 'lucide-react'
import { Button } from '../components/button'
import { ChunkLoadFailure } from '../components/chunk-load-failure'
import { ErrorState } from '../components/error-state'
import { isChunkLoadError } from '../lib/chunk-errors'
import { reloadPage } from '../lib/reload'

/** Last resort for a route without a shell around it (sign-in, the shell itself) that failed to load or render. */
export function RouteErrorPage() {
  const error = useRouteError()
  return (
    <div className="page page-center">
      {isChunkLoadError(error) ? (
        <ChunkLoadFailure error={error} />
      ) : (
        <ErrorState
          error={error}
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
