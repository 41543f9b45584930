import type { ReactNode } from 'react'

/** One meaning per colour: green ok/active, blue running, amber attention, red failed, grey neutral. */
export type BadgeTone = 'green' | 'blue' | 'amber' | 'red' | 'grey' | 'accent'

export function Badge({ tone = 'grey', children, title }: { tone?: BadgeTone; children: ReactNode; title?: string }) {
  return (
    <span className={`badge badge-${tone}`} title={title}>
      {children}
    </span>
  )
}
