import type { MutationMeta } from '@tanstack/react-query'
import { describeError, isApiError } from '../lib/api-error'
import { toast } from '../components/toast'

// The one feedback policy of the console. A failure is shown where the user acted: a form (on its
// field or above it), a dialog or panel (inside it). A toast only says what has no place on screen:
// a one-click change undone (a switch, a row's button or key), a row already gone, a confirmation
// after the user is taken elsewhere, a background refresh that failed, a request waiting out a 429.
// Mutations declare which case they are (`feedback` in src/api/feedback.ts); nothing else raises these.

/** Errors no toast repeats: a 401 already sends the user to sign-in; a field error lands on its field. */
const silent = (error: unknown) =>
  isApiError(error) && (error.status === 401 || (error.type === 'validation_error' && error.attr !== null))

// Each mutation declared its feedback for its own data and variables: call it with those.
const call = <R>(fn: ((...args: never[]) => R) | undefined, ...args: unknown[]) =>
  fn ? (fn as (...a: unknown[]) => R)(...args) : undefined

export function mutationFailed(error: unknown, variables: unknown, meta: MutationMeta | undefined) {
  const declared = meta?.feedback
  if (declared?.failure === 'in-place' || silent(error)) return
  const still = call(declared?.unchanged, variables)
  toast.error(call(declared?.failure, variables) ?? 'Could not save the change', {
    description: still ? `${describeError(error)} ${still}` : describeError(error),
  })
}

export function mutationSucceeded(data: unknown, variables: unknown, meta: MutationMeta | undefined) {
  const said = call(meta?.feedback?.success, data, variables)
  if (typeof said === 'string' && said) toast.success(said)
  else if (typeof said === 'object') toast.success(said.title, { description: said.description })
}

/** A first load fails in the page; a refresh of data already shown fails here, once per query. */
export function refreshFailed(error: unknown, queryHash: string) {
  if (!silent(error))
    toast.error('Could not refresh', { id: `refresh-${queryHash}`, description: describeError(error) })
}

/** A mutation waiting out a 429 says so until it settles (then its own feedback takes over). */
export const throttleNotices = {
  show: (id: string, message: string) => toast.loading(message, { id }),
  dismiss: (id: string) => toast.dismiss(id),
}
