import type { CSSProperties, KeyboardEvent } from 'react'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import './row-menu.css'

export type MenuItem = { label: string; onSelect: () => void; danger?: boolean; disabledReason?: string | null }

type RowMenuProps = {
  label: string
  items: MenuItem[]
  /** Called as the menu opens (e.g. to warm what its items open). */
  onOpen?: () => void
}

/**
 * A row's actions: one small trigger per row; the menu itself exists only while open (one at a
 * time: a press anywhere else closes it), so a page of 100 rows stays light. Arrow keys move,
 * Escape closes and returns focus. Its open state is its own, so opening or closing it re-renders
 * this menu, not the table around it.
 */
export function RowMenu({ label, items, onOpen }: RowMenuProps) {
  const [open, setOpen] = useState(false)
  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (next) onOpen?.()
  }
  const trigger = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLDivElement>(null)
  // Fixed to the viewport so the table's scroll box never clips it; opens upwards near the bottom.
  const [position, setPosition] = useState<CSSProperties>({})
  const measure = (): CSSProperties => {
    const rect = trigger.current!.getBoundingClientRect()
    const right = window.innerWidth - rect.right
    const below = window.innerHeight - rect.bottom > 200
    return below ? { top: rect.bottom + 4, right } : { bottom: window.innerHeight - rect.top + 4, right }
  }
  const place = useEffectEvent(() => setPosition(measure()))
  const close = useEffectEvent(() => onOpenChange(false))

  useEffect(() => {
    if (!open) return
    menu.current?.querySelector<HTMLButtonElement>('[role="menuitem"]:not([aria-disabled])')?.focus()
    const outside = (event: PointerEvent) => {
      const target = event.target as Node
      if (!menu.current?.contains(target) && !trigger.current?.contains(target)) close()
    }
    document.addEventListener('pointerdown', outside)
    window.addEventListener('scroll', place, true)
    window.addEventListener('resize', place)
    return () => {
      document.removeEventListener('pointerdown', outside)
      window.removeEventListener('scroll', place, true)
      window.removeEventListener('resize', place)
    }
  }, [open])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const entries = [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])]
    const at = entries.indexOf(document.activeElement as HTMLButtonElement)
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      entries[(at + step + entries.length) % entries.length]?.focus()
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault()
      onOpenChange(false)
      trigger.current?.focus()
    }
    // The list's triage shortcuts must not fire from inside the menu.
    event.stopPropagation()
  }

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="icon-btn rec-menu-trigger"
        aria-label={label}
        title="Actions"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => {
          setPosition(measure())
          onOpenChange(!open)
        }}
      >
        {/* A glyph, not an icon: no SVG per row. */}⋯
      </button>
      {open && (
        <div ref={menu} role="menu" aria-label={label} className="rec-menu-list" style={position} onKeyDown={onKeyDown}>
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={item.danger ? 'rec-menu-item rec-menu-danger' : 'rec-menu-item'}
              aria-disabled={item.disabledReason ? true : undefined}
              title={item.disabledReason ?? undefined}
              onClick={() => {
                if (item.disabledReason) return
                onOpenChange(false)
                item.onSelect()
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </>
  )
}
