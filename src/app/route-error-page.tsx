import { useRouteError } from 'react-router-dom'
import { RotateCw } from 'lucide-react'
import { Button } from '../components/button'
import { ErrorState } from '../components/error-state'

/** Last resort for a route that failed to load (e.g. its chunk after a deploy) or to render. */
export function RouteErrorPage() {
  const error = useRouteError()
  const chunkFailed =
    error instanceof Error && /dynamically imported module|Importing a module script/i.test(error.message)
  return (
    <div className="page page-center">
      <ErrorState
        error={
          chunkFailed
            ? new Error('This part of the console could not be loaded. Reload to get the latest version.')
            : error
        }
        action={
          <Button variant="primary" icon={<RotateCw size={14} aria-hidden />} onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      />
    </div>
  )
}
