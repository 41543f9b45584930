import { Dialog } from '../../components/dialog'
import type { Shortcut } from './triage-keys'
import './shortcuts-dialog.css'

/** The `?` sheet: every triage shortcut. */
export function ShortcutsDialog({
  open,
  onClose,
  shortcuts,
}: {
  open: boolean
  onClose: () => void
  shortcuts: Shortcut[]
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Keyboard shortcuts" description="Triage the list without the mouse.">
      <dl className="rec-shortcuts">
        {shortcuts.map((s) => (
          <div key={s.description}>
            <dt>
              {s.keys.map((k, i) => (
                <span key={k}>
                  {i > 0 && <span className="muted"> or </span>}
                  <kbd>{k}</kbd>
                </span>
              ))}
            </dt>
            <dd>{s.description}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  )
}
