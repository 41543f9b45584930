import type { KeyboardEvent, ReactNode } from 'react'
import { useId, useRef } from 'react'
import './tabs.css'

export type TabItem = { id: string; label: ReactNode; panel: () => ReactNode }

type TabsProps = {
  /** Accessible name of the tab list. */
  label: string
  tabs: TabItem[]
  selected: string
  onSelect: (id: string) => void
}

/**
 * Tabs with the ARIA tabs pattern: arrow keys, Home and End move between tabs; only the selected
 * panel is mounted (so a tab's polling stops when it is closed).
 */
export function Tabs({ label, tabs, selected, onSelect }: TabsProps) {
  const id = useId()
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  const current = tabs.find((t) => t.id === selected) ?? tabs[0]
  if (!current) return null

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null
    if (next === null) return
    event.preventDefault()
    refs.current[next]?.focus()
    onSelect(tabs[next]!.id)
  }

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tab-list">
        {tabs.map((tab, i) => {
          const active = tab.id === current.id
          return (
            <button
              key={tab.id}
              ref={(el) => {
                refs.current[i] = el
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.id}`}
              aria-selected={active}
              aria-controls={`${id}-panel-${tab.id}`}
              tabIndex={active ? 0 : -1}
              className="tab"
              onClick={() => onSelect(tab.id)}
              onKeyDown={(e) => onKeyDown(e, i)}
            >
              {tab.label}
            </button>
          )
        })}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel-${current.id}`}
        aria-labelledby={`${id}-tab-${current.id}`}
        className="tab-panel"
      >
        {current.panel()}
      </div>
    </div>
  )
}
