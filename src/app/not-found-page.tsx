import { FileQuestion } from 'lucide-react'
import { useLocation } from 'react-router-dom'
import { ButtonLink } from '../components/button'
import { EmptyState } from '../components/empty-state'
import { useDocumentTitle } from '../components/use-document-title'

export function NotFoundPage() {
  useDocumentTitle('Page not found')
  const { pathname } = useLocation()
  return (
    <div className="page">
      <EmptyState
        icon={<FileQuestion size={22} />}
        title="Page not found"
        description={
          <>
            Nothing lives at <span className="mono">{pathname}</span>.
          </>
        }
        action={
          <ButtonLink to="/" variant="primary">
            Go to the console
          </ButtonLink>
        }
      />
    </div>
  )
}
