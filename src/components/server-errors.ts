import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { describeError, isApiError } from '../lib/api-error'

/** The form path for a server `attr`: `destination__config__bucket_name` → `destination.config.bucket_name`. */
export function attrToPath(attr: string): string {
  return attr.split('__').join('.')
}

/**
 * Puts a failed save where the user looks: a `validation_error` on its field when the form has
 * that field, anything else on `root.server` (shown above the form). Typed values are untouched.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): 'field' | 'form' {
  if (isApiError(error) && error.type === 'validation_error' && error.attr) {
    const path = attrToPath(error.attr)
    if (fields.includes(path)) {
      setError(path as Path<T>, { type: 'server', message: error.detail }, { shouldFocus: true })
      return 'field'
    }
  }
  setError('root.server', { type: 'server', message: describeError(error) })
  return 'form'
}
