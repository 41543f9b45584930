import { useRouteError } from 'react-router-dom'
import { RotateCw } from 'lucide-react'
import { Button } from '../components/button'
import { ChunkLoadFailure } from '../components/chunk-load-failure'
import { ErrorState } from '../components/error-state'
import { isChunkLoadError } from '../lib/chunk-errors'
import { reloadPage } from '../lib/reload'

/**
 * A page that failed to load (its code, or its route loader), shown in place of the page only: the
 * sidebar and the rest of the shell stay, so the admin can go elsewhere.
 */
export function PageLoadError() {
  const error = useRouteError()
  return (
    <div className="page">
      {isChunkLoadError(error) ? (
        <ChunkLoadFailure error={error} />
      ) : (
        <ErrorState
          error={error}
          setsTitle
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
