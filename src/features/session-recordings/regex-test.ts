export type PatternTest = { ok: true; matches: string[]; tested: number } | { ok: false; error: string }

/** Tries a pattern on start URLs: which of them match (unique, in order), or why the pattern is not valid. */
export function testPattern(pattern: string, urls: readonly (string | null)[]): PatternTest {
  let re: RegExp
  try {
    re = new RegExp(pattern)
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
  const unique = [...new Set(urls.filter((u): u is string => Boolean(u)))]
  return { ok: true, matches: unique.filter((u) => re.test(u)), tested: unique.length }
}
