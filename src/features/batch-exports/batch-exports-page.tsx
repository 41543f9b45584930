import { CloudUpload } from 'lucide-react'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { useDocumentTitle } from '../../components/use-document-title'

/** Placeholder until the batch-exports area lands (issue 4). */
export function BatchExportsPage() {
  useDocumentTitle('Batch exports')
  return (
    <div className="page">
      <PageHeader
        title="Batch exports"
        description="Scheduled exports of events, persons and sessions to S3 and other destinations."
      />
      <EmptyState
        icon={<CloudUpload size={22} />}
        title="Coming soon"
        description="Creating, scheduling, pausing and backfilling exports will live here."
      />
    </div>
  )
}
