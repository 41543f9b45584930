/** What a toast is about; it picks the icon and the colour. */
export type ToastKind = 'message' | 'success' | 'error' | 'info' | 'loading'

export type ToastOptions = {
  /** A toast raised again under the same id replaces the shown one in place (and restarts its timer). */
  id?: string
  description?: string
  action?: { label: string; onClick: () => void }
  /** Milliseconds on screen (paused while the pointer or focus is on the stack); `Infinity` until dismissed. */
  duration?: number
}

export type Toast = ToastOptions & { id: string; kind: ToastKind; title: string; duration: number; version: number }

/** More than this at once is noise: the oldest go first. */
const MAX_SHOWN = 4
const DURATION: Record<ToastKind, number> = { message: 4000, success: 4000, info: 4000, error: 6000, loading: Infinity }

let shown: readonly Toast[] = []
let counter = 0
const listeners = new Set<() => void>()

function set(next: readonly Toast[]) {
  shown = next
  for (const listener of listeners) listener()
}

function show(kind: ToastKind, title: string, options: ToastOptions = {}): string {
  counter += 1
  const toast: Toast = { ...options, id: options.id ?? `toast-${counter}`, kind, title, version: counter, duration: 0 }
  toast.duration = options.duration ?? DURATION[kind]
  const replaced = shown.some((t) => t.id === toast.id)
  set(replaced ? shown.map((t) => (t.id === toast.id ? toast : t)) : [...shown, toast].slice(-MAX_SHOWN))
  return toast.id
}

/**
 * The console's toasts (the stack is `<Toaster />`). Raised before the stack mounts, they wait here.
 * Which events deserve one is decided in src/app/feedback.ts, not at each call site.
 */
export const toast = Object.assign((title: string, options?: ToastOptions) => show('message', title, options), {
  success: (title: string, options?: ToastOptions) => show('success', title, options),
  error: (title: string, options?: ToastOptions) => show('error', title, options),
  info: (title: string, options?: ToastOptions) => show('info', title, options),
  /** A spinner that stays until dismissed or replaced under the same id. */
  loading: (title: string, options?: ToastOptions) => show('loading', title, options),
  dismiss: (id: string) => set(shown.filter((t) => t.id !== id)),
})

export const subscribeToasts = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export const getToasts = () => shown
