/** Routes tell a running engine that work was queued (a backfill, a retry, a resume) so it starts now, not at the next poll. */
const listeners = new Set<() => void>()

export function onWorkQueued(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function workQueued() {
  for (const listener of listeners) listener()
}
