import type { ReactNode } from 'react'
import { CloudOff, FileQuestion, Hourglass, Lock, RotateCw, ServerCrash, TriangleAlert } from 'lucide-react'
import { describeError, isApiError } from '../lib/api-error'
import { Button, ButtonLink } from './button'
import { useDocumentTitle } from './use-document-title'

type ErrorStateProps = {
  error: unknown
  onRetry?: () => void
  action?: ReactNode
  /** Also name the tab after the failure (when it replaces a whole page). */
  setsTitle?: boolean
}

function headline(error: unknown) {
  if (!isApiError(error)) return { title: 'Something went wrong', Icon: TriangleAlert }
  if (error.status === 404) return { title: 'Not found', Icon: FileQuestion }
  if (error.status === 403) return { title: 'Not allowed', Icon: Lock }
  if (error.code === 'timeout') return { title: 'The server took too long', Icon: Hourglass }
  if (error.type === 'network_error') return { title: "Can't reach the server", Icon: CloudOff }
  if (error.type === 'unexpected_shape') return { title: 'Unexpected response', Icon: ServerCrash }
  if (error.status === 429) return { title: 'Too many requests', Icon: TriangleAlert }
  if (error.status >= 500) return { title: 'The server had a problem', Icon: ServerCrash }
  return { title: 'Something went wrong', Icon: TriangleAlert }
}

/** A first-load failure, in the page: what happened, and a way to try again. */
export function ErrorState({ error, onRetry, action, setsTitle }: ErrorStateProps) {
  const { title, Icon } = headline(error)
  useDocumentTitle(setsTitle ? title : null)
  const notFound = isApiError(error) && error.status === 404
  const issues = isApiError(error) ? error.issues : []
  return (
    <div className="empty-state error-state" role="alert">
      <div className="empty-state-icon" aria-hidden>
        <Icon size={22} />
      </div>
      <h2 className="empty-state-title">{title}</h2>
      <p className="empty-state-text">
        {notFound ? "It doesn't exist, or this key can't see it." : describeError(error)}
      </p>
      {issues.length > 0 && (
        <details className="error-details">
          <summary>Details</summary>
          <ul>
            {issues.slice(0, 8).map((issue) => (
              <li key={issue} className="mono">
                {issue}
              </li>
            ))}
          </ul>
        </details>
      )}
      <div className="empty-state-action">
        {onRetry && !notFound && (
          <Button icon={<RotateCw size={14} aria-hidden />} onClick={onRetry}>
            Retry
          </Button>
        )}
        {action}
        {notFound && !action && (
          <ButtonLink to="/" variant="primary">
            Go to the console
          </ButtonLink>
        )}
      </div>
    </div>
  )
}
