/**
 * Error toasts for modules on the first route (the query client): sonner is fetched on first use,
 * so it stays out of the entry chunk. Feature pages are lazy and import `toast` from sonner directly.
 */
export function toastError(message: string, options?: { id?: string }) {
  void import('sonner').then(({ toast }) => toast.error(message, options))
}
