import { MEMBERSHIP_LEVEL, type MembershipLevel } from '../contracts/organizations'
import { hasScope, type Scope } from '../contracts/scopes'

/** Whether an action is allowed, and if not, the sentence that says why. */
export type Permission = { allowed: true; reason: null } | { allowed: false; reason: string }

const allowed: Permission = { allowed: true, reason: null }
const denied = (reason: string): Permission => ({ allowed: false, reason })

export function scopePermission(granted: readonly string[], required: Scope): Permission {
  return hasScope(granted, required) ? allowed : denied(`Needs scope ${required}`)
}

/** member / admin / owner, in words. */
export function membershipName(level: MembershipLevel | null | undefined): string {
  if (level === MEMBERSHIP_LEVEL.owner) return 'owner'
  if (level === MEMBERSHIP_LEVEL.admin) return 'admin'
  if (level === MEMBERSHIP_LEVEL.member) return 'member'
  return 'not a member'
}

export function membershipPermission(
  level: MembershipLevel | null | undefined,
  required: keyof typeof MEMBERSHIP_LEVEL,
): Permission {
  if ((level ?? 0) >= MEMBERSHIP_LEVEL[required]) return allowed
  return denied(`Needs ${required} membership (you are ${level ? `a ${membershipName(level)}` : 'not a member'})`)
}

/** The first refusal wins: list the most fundamental requirement first. */
export function allOf(...permissions: Permission[]): Permission {
  return permissions.find((p) => !p.allowed) ?? allowed
}
