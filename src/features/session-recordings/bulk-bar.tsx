import { Trash2, X } from 'lucide-react'
import type { Permission } from '../../lib/permissions'
import { Button } from '../../components/button'
import { plural } from '../../lib/format'
import './bulk-bar.css'

type BulkBarProps = { count: number; permission: Permission; onDelete: () => void; onClear: () => void }

/** Shown while rows are selected: how many, delete them, or clear the selection. */
export function BulkBar({ count, permission, onDelete, onClear }: BulkBarProps) {
  if (count === 0) return null
  return (
    <div className="rec-bulk-bar" role="region" aria-label="Bulk actions">
      <span className="num">{plural(count, 'recording')} selected</span>
      <Button
        size="sm"
        variant="danger"
        icon={<Trash2 size={14} aria-hidden />}
        disabledReason={permission.reason}
        onClick={onDelete}
      >
        Delete selected…
      </Button>
      <Button size="sm" variant="ghost" icon={<X size={14} aria-hidden />} onClick={onClear}>
        Clear selection
      </Button>
    </div>
  )
}
