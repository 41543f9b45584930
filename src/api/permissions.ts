import { useSuspenseQuery } from '@tanstack/react-query'
import { scopePermission, type Permission } from '../lib/permissions'
import type { Scope } from '../contracts/scopes'
import { meQueries } from './me'

/** Scopes of the key in use (the shell loads them before any page renders). */
export function useScopes(): readonly string[] {
  return useSuspenseQuery(meQueries.currentKey()).data.scopes
}

/** Whether the key in use holds a scope, with "Needs scope X" when it does not. */
export function useScopePermission(required: Scope): Permission {
  return scopePermission(useScopes(), required)
}
