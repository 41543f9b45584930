/** Just enough of a CSS reader for the theme test: flat rules, one level of @media, no nesting. */

export type CssRule = {
  selectors: string[]
  decls: Record<string, string>
  /** The enclosing @media condition, if any. */
  media: string | null
  file: string
}

/** The rules of a stylesheet, in order; @keyframes and other at-rules without rules inside are skipped. */
export function parseRules(css: string, file: string): CssRule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '')
  const rules: CssRule[] = []
  let i = 0
  const readBlock = (media: string | null) => {
    while (i < text.length) {
      const open = text.indexOf('{', i)
      const close = text.indexOf('}', i)
      if (close !== -1 && (open === -1 || close < open)) {
        i = close + 1
        return
      }
      if (open === -1) return
      const prelude = text.slice(i, open).trim()
      i = open + 1
      if (prelude.startsWith('@media')) {
        readBlock(prelude.slice('@media'.length).trim())
      } else if (prelude.startsWith('@')) {
        skipBlock()
      } else {
        const end = text.indexOf('}', i)
        rules.push({ selectors: splitSelectors(prelude), decls: declarations(text.slice(i, end)), media, file })
        i = end + 1
      }
    }
  }
  const skipBlock = () => {
    for (let depth = 1; i < text.length && depth > 0; i++) {
      if (text[i] === '{') depth++
      else if (text[i] === '}') depth--
    }
  }
  readBlock(null)
  return rules
}

function splitSelectors(prelude: string): string[] {
  return prelude
    .split(',')
    .map((s) => s.trim().replace(/\s+/g, ' '))
    .filter(Boolean)
}

function declarations(body: string): Record<string, string> {
  const out: Record<string, string> = {}
  // Split on semicolons outside parentheses (color-mix, gradients).
  let depth = 0
  let start = 0
  const parts: string[] = []
  for (let k = 0; k <= body.length; k++) {
    const c = body[k]
    if (c === '(') depth++
    else if (c === ')') depth--
    else if ((c === ';' && depth === 0) || k === body.length) {
      parts.push(body.slice(start, k))
      start = k + 1
    }
  }
  for (const part of parts) {
    const colon = part.indexOf(':')
    if (colon === -1) continue
    const name = part.slice(0, colon).trim()
    const value = part
      .slice(colon + 1)
      .replace(/!important/, '')
      .replace(/\s+/g, ' ')
      .trim()
    if (name && value) out[name] = value
  }
  return out
}

/** Replaces `var(--x)` (and `var(--x, fallback)`) with the variable's value, recursively. */
export function resolveVars(value: string, vars: Record<string, string>, depth = 0): string {
  if (depth > 10) return value
  const next = value.replace(/var\((--[\w-]+)(?:,\s*([^()]*))?\)/g, (_, name: string, fallback?: string) => {
    return vars[name] ?? fallback ?? `var(${name})`
  })
  return next === value ? next : resolveVars(next, vars, depth + 1)
}
