import * as z from 'zod/mini'

export const scopeObjects = [
  'organization',
  'batch_export',
  'session_recording',
  'sharing_configuration',
  'project',
  'user',
] as const

export const scope = z.union([
  z.literal('*'),
  z.templateLiteral([z.enum(scopeObjects), ':', z.enum(['read', 'write'])]),
])
export type Scope = z.infer<typeof scope>

/** Every concrete scope a key can hold (besides `*`). */
export const allScopes = scopeObjects.flatMap((o) => [`${o}:read`, `${o}:write`]) as Scope[]

/** `:write` implies `:read`; `*` grants everything. */
export function hasScope(granted: readonly string[], required: Scope): boolean {
  if (granted.includes('*') || granted.includes(required)) return true
  const [object, action] = required.split(':')
  return action === 'read' && granted.includes(`${object}:write`)
}
