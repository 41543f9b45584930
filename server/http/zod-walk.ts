import { z } from 'zod'

/**
 * Walking a zod schema alongside a JSON value, for what zod's own errors do not say: which schema
 * refused a value (is that number field an integer?) and which keys an object declares (DRF drops the
 * rest). Reads zod 4's public `_zod.def` descriptions; wrappers are looked through.
 */
type Def = z.core.$ZodType['_zod']['def'] & {
  innerType?: z.core.$ZodType
  in?: z.core.$ZodType
  getter?: () => z.core.$ZodType
  shape?: Record<string, z.core.$ZodType>
  catchall?: z.core.$ZodType
  element?: z.core.$ZodType
  valueType?: z.core.$ZodType
  options?: z.core.$ZodType[]
  discriminator?: string
  left?: z.core.$ZodType
  right?: z.core.$ZodType
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch'])

const defOf = (schema: z.core.$ZodType): Def => schema._zod.def

/** The schema that does the work under optional/nullable/default/…, the input side of a pipe, a lazy's target. */
export function unwrap(schema: z.core.$ZodType): z.core.$ZodType {
  let current = schema
  for (let depth = 0; depth < 50; depth++) {
    const def = defOf(current)
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType
    else if (def.type === 'pipe' && def.in) current = def.in
    else if (def.type === 'lazy' && def.getter) current = def.getter()
    else return current
  }
  return current
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The option of a union that applies to `value`: by discriminator when it has one, else the first that parses. */
function unionOption(def: Def, value: unknown): z.core.$ZodType | undefined {
  const options = def.options ?? []
  if (def.discriminator && isPlainObject(value)) {
    const tag = value[def.discriminator]
    return options.find((o) => {
      const field = defOf(unwrap(o)).shape?.[def.discriminator!]
      return field !== undefined && z.safeParse(field, tag).success
    })
  }
  return options.find((o) => z.safeParse(o, prune(o, value)).success)
}

/**
 * The value with every object key its schema does not declare removed, at every depth, as DRF's
 * serializers ignore unknown and read-only fields. Objects whose schema accepts any key (records,
 * loose objects) are kept whole. Never mutates `value`; `__proto__` and friends are never copied.
 */
export function prune(schema: z.core.$ZodType, value: unknown): unknown {
  const inner = unwrap(schema)
  const def = defOf(inner)
  if (def.type === 'object' && isPlainObject(value)) {
    const keepAll = def.catchall !== undefined && defOf(def.catchall).type !== 'never'
    const out: Record<string, unknown> = {}
    for (const [key, field] of Object.entries(value)) {
      const declared = def.shape && Object.hasOwn(def.shape, key) ? def.shape[key] : undefined
      if (declared) out[key] = prune(declared, field)
      else if (keepAll) Object.defineProperty(out, key, { value: field, enumerable: true, writable: true })
    }
    return out
  }
  if (def.type === 'array' && def.element && Array.isArray(value)) return value.map((v) => prune(def.element!, v))
  if (def.type === 'union') {
    const option = unionOption(def, value)
    return option ? prune(option, value) : value
  }
  if (def.type === 'intersection' && def.left && def.right) {
    const left = prune(def.left, value)
    const right = prune(def.right, value)
    return isPlainObject(left) && isPlainObject(right) ? { ...left, ...right } : value
  }
  return value
}

/** The schema and the value found by following `path` from the root (undefined where either runs out). */
export function locate(
  schema: z.core.$ZodType,
  value: unknown,
  path: readonly PropertyKey[],
): { schema: z.core.$ZodType | undefined; value: unknown } {
  let s: z.core.$ZodType | undefined = schema
  let v: unknown = value
  for (const key of path) {
    const def: Def | undefined = s ? defOf(unwrap(s)) : undefined
    if (def?.type === 'union') {
      const option = unionOption(def, v)
      s = option ? fieldOf(defOf(unwrap(option)), key) : undefined
    } else {
      s = def ? fieldOf(def, key) : undefined
    }
    v = isPlainObject(v) || Array.isArray(v) ? (v as Record<PropertyKey, unknown>)[key] : undefined
  }
  return { schema: s, value: v }
}

function fieldOf(def: Def, key: PropertyKey): z.core.$ZodType | undefined {
  if (def.type === 'object') return (typeof key === 'string' && def.shape?.[key]) || undefined
  if (def.type === 'array') return def.element
  if (def.type === 'record') return def.valueType
  return undefined
}

/** Whether a number schema only takes integers (`z.number().int()`, `z.int()`). */
export function isIntegerSchema(schema: z.core.$ZodType | undefined): boolean {
  const inner = schema && unwrap(schema)
  if (!inner || inner._zod.def.type !== 'number') return false
  // A number format (`z.int()`) is its own first check; `.check(z.int())` lists it among the checks.
  const checks = [...(inner._zod.traits.has('$ZodCheck') ? [inner] : []), ...(inner._zod.def.checks ?? [])]
  return checks.some(({ _zod: { def } }) => {
    const check = def as { check?: string; format?: string; value?: unknown }
    if (check.check === 'number_format') return (check.format ?? '').includes('int')
    return check.check === 'multiple_of' && Number.isSafeInteger(check.value)
  })
}
