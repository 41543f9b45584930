import type { z } from 'zod'
import { invalid, type HttpError } from './errors'
import { isIntegerSchema, locate } from './zod-walk'

/**
 * The one mapping from a zod issue to the error PostHog sends for the same mistake: DRF's field error
 * codes and texts (rest_framework/fields.py `default_error_messages`), as drf-exceptions-hog shapes them
 * (exceptions_hog/handler.py): the first error only, `attr` the field path joined with `__`, DRF's
 * `invalid` code renamed `invalid_input`, and `attr: null` for non-field errors.
 *
 * Values are not coerced from strings the way DRF's form parsing does ("5" for an integer, "yes" for a
 * boolean): a JSON value of the wrong type is `invalid_input`, never "This field is required."
 */
export interface DrfError {
  code: string
  detail: string
  attr: string | null
}

/** Python's name for a JSON value's type, as DRF prints it ("got list"). */
export function pythonType(value: unknown): string {
  if (value === null) return 'NoneType'
  if (Array.isArray(value)) return 'list'
  if (typeof value === 'string') return 'str'
  if (typeof value === 'boolean') return 'bool'
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float'
  return 'dict'
}

/** A value as Python's str() prints it, for '"month" is not a valid choice.' */
function pythonStr(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'boolean') return value ? 'True' : 'False'
  if (value === null) return 'None'
  return typeof value === 'number' ? String(value) : JSON.stringify(value)
}

/** DRF's DateTimeField `invalid` text for its default ISO 8601 input format. */
export const DATETIME_INVALID =
  'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].'

/** A top-level body that is not a JSON object (Serializer.to_internal_value's `invalid`). */
export const notADictionary = (value: unknown): DrfError => ({
  code: 'invalid_input',
  detail: `Invalid data. Expected a dictionary, but got ${pythonType(value)}.`,
  attr: null,
})

function wrongType(expected: string, schema: z.core.$ZodType | undefined, value: unknown): Omit<DrfError, 'attr'> {
  const got = pythonType(value)
  switch (expected) {
    case 'string':
      return { code: 'invalid_input', detail: 'Not a valid string.' }
    case 'int':
      return { code: 'invalid_input', detail: 'A valid integer is required.' }
    case 'number':
      return isIntegerSchema(schema)
        ? { code: 'invalid_input', detail: 'A valid integer is required.' }
        : { code: 'invalid_input', detail: 'A valid number is required.' }
    case 'boolean':
      return { code: 'invalid_input', detail: 'Must be a valid boolean.' }
    case 'object':
      return { code: 'invalid_input', detail: `Invalid data. Expected a dictionary, but got ${got}.` }
    case 'record':
      return { code: 'not_a_dict', detail: `Expected a dictionary of items but got type "${got}".` }
    case 'array':
      return { code: 'not_a_list', detail: `Expected a list of items but got type "${got}".` }
    default:
      return { code: 'invalid_input', detail: 'Invalid value.' }
  }
}

const FORMAT_TEXTS: Record<string, string> = {
  uuid: 'Must be a valid UUID.',
  guid: 'Must be a valid UUID.',
  url: 'Enter a valid URL.',
  email: 'Enter a valid email address.',
  datetime: DATETIME_INVALID,
  date: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
}

function describe(
  issue: z.core.$ZodIssue,
  schema: z.core.$ZodType | undefined,
  value: unknown,
): Omit<DrfError, 'attr'> {
  // A missing or null value is refused as such, whatever check noticed it first.
  if (issue.code !== 'custom' && issue.code !== 'unrecognized_keys') {
    if (value === undefined) return { code: 'required', detail: 'This field is required.' }
    if (value === null) return { code: 'null', detail: 'This field may not be null.' }
  }
  switch (issue.code) {
    case 'invalid_type':
      return wrongType(issue.expected, schema, value)
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1
          ? { code: 'blank', detail: 'This field may not be blank.' }
          : { code: 'min_length', detail: `Ensure this field has at least ${issue.minimum} characters.` }
      if (issue.origin === 'array' || issue.origin === 'set')
        return Number(issue.minimum) <= 1
          ? { code: 'empty', detail: 'This list may not be empty.' }
          : { code: 'min_length', detail: `Ensure this field has at least ${issue.minimum} elements.` }
      return {
        code: 'min_value',
        detail: `Ensure this value is greater than or equal to ${
          issue.inclusive ? issue.minimum : isIntegerSchema(schema) ? Number(issue.minimum) + 1 : issue.minimum
        }.`,
      }
    case 'too_big':
      if (issue.origin === 'string')
        return { code: 'max_length', detail: `Ensure this field has no more than ${issue.maximum} characters.` }
      if (issue.origin === 'array' || issue.origin === 'set')
        return { code: 'max_length', detail: `Ensure this field has no more than ${issue.maximum} elements.` }
      return {
        code: 'max_value',
        detail: `Ensure this value is less than or equal to ${
          issue.inclusive ? issue.maximum : isIntegerSchema(schema) ? Number(issue.maximum) - 1 : issue.maximum
        }.`,
      }
    case 'invalid_value':
      return { code: 'invalid_choice', detail: `"${pythonStr(value)}" is not a valid choice.` }
    case 'invalid_union':
      // A discriminated union reports at its discriminator (`destination__type`).
      return issue.discriminator !== undefined
        ? { code: 'invalid_choice', detail: `"${pythonStr(value)}" is not a valid choice.` }
        : { code: 'invalid_input', detail: 'Invalid value.' }
    case 'invalid_format': {
      // A pattern of our own carries its own explanation; standard formats speak DRF's words.
      const text = issue.format === 'regex' ? undefined : FORMAT_TEXTS[issue.format]
      return { code: 'invalid_input', detail: text ?? issue.message }
    }
    default:
      // Refinements (bucket names, compression allowed by a format, start before end) explain themselves.
      return { code: 'invalid_input', detail: issue.message }
  }
}

/** The first issue of a zod error in DRF's terms; `root` and `schema` are what was parsed. */
export function toDrfError(error: z.ZodError, root: unknown, schema: z.core.$ZodType, prefix: string[] = []): DrfError {
  const issue = error.issues[0]
  if (!issue) return { code: 'invalid_input', detail: 'Invalid input.', attr: null }
  let path = issue.path
  if (issue.code === 'unrecognized_keys') path = [...path, issue.keys[0] ?? '']
  const located = locate(schema, root, path)
  const attrPath = [...prefix, ...path.map(String)]
  return { ...describe(issue, located.schema, located.value), attr: attrPath.length ? attrPath.join('__') : null }
}

/** The 400 validation_error for a DRF error. */
export const drfHttpError = (e: DrfError): HttpError => invalid(e.detail, e.attr, e.code)
