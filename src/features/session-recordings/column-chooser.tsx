import { useEffect, useRef, useState } from 'react'
import { Columns3 } from 'lucide-react'
import { OPTIONAL_COLUMNS, type ColumnKey } from './recording-columns'
import './column-chooser.css'

type Props = { visible: readonly ColumnKey[]; onToggle: (key: ColumnKey) => void; onReset: () => void }

/** The table's columns to show, as checkboxes in a small popover under the header's button. */
export function ColumnChooser({ visible, onToggle, onReset }: Props) {
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    root.current?.querySelector<HTMLInputElement>('input')?.focus()
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [open])

  return (
    <div
      className="rec-columns"
      ref={root}
      onKeyDown={(event) => {
        // The list's triage shortcuts must not fire from inside; Escape closes and returns focus.
        event.stopPropagation()
        if (event.key === 'Escape' && open) {
          setOpen(false)
          trigger.current?.focus()
        }
      }}
    >
      <button
        ref={trigger}
        type="button"
        className="icon-btn"
        aria-label="Choose columns"
        title="Choose columns"
        aria-expanded={open}
        aria-controls="rec-columns-list"
        onClick={() => setOpen(!open)}
      >
        <Columns3 size={15} aria-hidden />
      </button>
      {open && (
        <div id="rec-columns-list" className="rec-columns-list" role="group" aria-label="Columns">
          <p className="rec-columns-title">Columns</p>
          {OPTIONAL_COLUMNS.map((c) => (
            <label key={c.key} className="rec-columns-item">
              <input type="checkbox" checked={visible.includes(c.key)} onChange={() => onToggle(c.key)} />
              {c.label}
            </label>
          ))}
          <button type="button" className="btn btn-ghost btn-sm rec-columns-reset" onClick={onReset}>
            Reset to defaults
          </button>
          <p className="field-help">Saved in this browser.</p>
        </div>
      )}
    </div>
  )
}
