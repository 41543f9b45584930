/**
 * Toasts for modules on the first route (the query client): sonner is fetched on first use,
 * so it stays out of the entry chunk. Feature pages are lazy and import `toast` from sonner directly.
 */
export function toastError(message: string, options?: { id?: string }) {
  void import('sonner').then(({ toast }) => toast.error(message, options))
}

/** A toast with a spinner that stays until it is dismissed (or replaced under the same id). */
export function toastWaiting(message: string, options: { id: string }) {
  void import('sonner').then(({ toast }) => toast.loading(message, options))
}

export function dismissToast(id: string) {
  void import('sonner').then(({ toast }) => toast.dismiss(id))
}
