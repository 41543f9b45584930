const beforeReload = new Set<() => void>()

/** Runs `prepare` right before the console reloads itself (e.g. to carry a memory-only session across). */
export function onBeforeReload(prepare: () => void): () => void {
  beforeReload.add(prepare)
  return () => void beforeReload.delete(prepare)
}

/** Reloads the page the console is on, keeping its URL, after everything registered with onBeforeReload. */
export function reloadPage() {
  for (const prepare of beforeReload) prepare()
  window.location.reload()
}
