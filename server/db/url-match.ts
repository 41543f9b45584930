import { setFlagsFromString } from 'node:v8'
import type { Db } from './database'

// A start-URL pattern comes from whoever calls the list, and JavaScript's own engine backtracks: a
// pattern like `(a+)+b` could hold the one server thread for minutes. V8's non-backtracking engine (the
// `l` flag) matches in time linear in the text, as PostHog's RE2 does; it refuses what it cannot run so
// (backreferences, lookarounds, large counted repeats, the `i` flag), and those patterns are refused.
setFlagsFromString('--enable-experimental-regexp-engine')

// `l` is V8's flag for that engine, unknown to the linter's list of flags.
const LINEAR = 'l'
const compiled = new Map<string, RegExp>()

/** The pattern compiled for linear-time matching; throws a SyntaxError naming why it cannot be. */
export function linearRegExp(pattern: string): RegExp {
  let re = compiled.get(pattern)
  if (!re) {
    re = new RegExp(pattern, LINEAR)
    if (compiled.size > 200) compiled.clear()
    compiled.set(pattern, re)
  }
  return re
}

/** Why the list cannot filter by this pattern, or null when it can. */
export function urlPatternError(pattern: string): string | null {
  try {
    linearRegExp(pattern)
    return null
  } catch (error) {
    const reason = error instanceof Error && /linear time/.test(error.message) ? 'linear' : 'syntax'
    return reason === 'linear'
      ? 'This regular expression cannot be matched in linear time: backreferences, lookarounds and large counted repeats (over about 16) are not supported.'
      : 'Not a valid regular expression.'
  }
}

/** `url_regexp(pattern, text)`: 1 when the text matches, 0 otherwise (a missing text never matches). */
export function registerUrlMatching(db: Db) {
  db.function('url_regexp', { deterministic: true }, (pattern: unknown, text: unknown) =>
    typeof pattern === 'string' && typeof text === 'string' && linearRegExp(pattern).test(text) ? 1 : 0,
  )
}
