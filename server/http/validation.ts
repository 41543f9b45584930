import { z } from 'zod'
import { drfHttpError, notADictionary, toDrfError } from './drf-errors'
import { notFound } from './errors'
import { prune } from './zod-walk'

/** Path parameters: a value the schema refuses is a missing object, answered 404 in the schema's words. */
export function parseParams<S extends z.core.$ZodType>(schema: S, raw: Record<string, string>): z.output<S> {
  const parsed = z.safeParse(schema, raw)
  if (parsed.success) return parsed.data
  throw notFound(parsed.error.issues[0]?.message ?? 'Not found.')
}

/** The query string: refusals are 400s in DRF's words, naming the parameter. */
export function parseQuery<S extends z.core.$ZodType>(schema: S, raw: Record<string, string | string[]>): z.output<S> {
  const parsed = z.safeParse(schema, raw)
  if (parsed.success) return parsed.data
  throw drfHttpError(toDrfError(parsed.error, raw, schema))
}

/**
 * A JSON body as a DRF serializer reads it: no body is an empty object, `null` is "No data provided",
 * anything but an object is refused whole, and fields the schema does not declare are dropped before
 * it is checked (so a GET-then-PATCH round trip, read-only fields included, just works).
 */
export function parseBody<S extends z.core.$ZodType>(schema: S, raw: unknown): z.output<S> {
  const body = raw === undefined ? {} : raw
  if (body === null) throw drfHttpError({ code: 'null', detail: 'No data provided', attr: null })
  if (typeof body !== 'object' || Array.isArray(body)) throw drfHttpError(notADictionary(body))
  const pruned = prune(schema, body)
  const parsed = z.safeParse(schema, pruned)
  if (parsed.success) return parsed.data
  throw drfHttpError(toDrfError(parsed.error, pruned, schema))
}
