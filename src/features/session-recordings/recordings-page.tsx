import { PlayCircle } from 'lucide-react'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { useDocumentTitle } from '../../components/use-document-title'

/** Placeholder until the recordings browser lands (issue 5). */
export function RecordingsPage() {
  useDocumentTitle('Recordings')
  return (
    <div className="page">
      <PageHeader title="Recordings" description="Review, share and delete the session recordings of this project." />
      <EmptyState
        icon={<PlayCircle size={22} />}
        title="Coming soon"
        description="The recordings browser, sharing panel and triage shortcuts will live here."
      />
    </div>
  )
}
