import type { ReactNode } from 'react'
import { Component, Suspense } from 'react'
import { QueryErrorResetBoundary } from '@tanstack/react-query'
import { isChunkLoadError } from '../lib/chunk-errors'
import { ChunkLoadFailure } from './chunk-load-failure'
import { ErrorState } from './error-state'
import { PageSkeleton } from './skeleton'

type BoundaryProps = {
  children: ReactNode
  onReset: () => void
  fallback: (error: unknown, retry: () => void) => ReactNode
}
type BoundaryState = { error: unknown; failed: boolean }

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null, failed: false }

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, failed: true }
  }

  retry = () => {
    this.props.onReset()
    this.setState({ error: null, failed: false })
  }

  render() {
    return this.state.failed ? this.props.fallback(this.state.error, this.retry) : this.props.children
  }
}

type QueryBoundaryProps = {
  children: ReactNode
  loading?: ReactNode
  error?: (error: unknown, retry: () => void) => ReactNode
}

/**
 * Loading and first-load failure for everything below that uses suspense queries:
 * a skeleton while loading, an error state with Retry (which refetches) when it fails.
 */
export function QueryBoundary({ children, loading = <PageSkeleton />, error }: QueryBoundaryProps) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary
          onReset={reset}
          fallback={
            error ??
            ((e, retry) => (
              <div className="page">
                {/* A lazily loaded part of the page whose code failed to download: only a reload brings it. */}
                {isChunkLoadError(e) ? (
                  <ChunkLoadFailure error={e} />
                ) : (
                  <ErrorState error={e} onRetry={retry} setsTitle />
                )}
              </div>
            ))
          }
        >
          <Suspense fallback={loading}>{children}</Suspense>
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  )
}
