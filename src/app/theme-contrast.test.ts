import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contrastRatio, parseColor } from '../testing/contrast'
import { parseRules, resolveVars, type CssRule } from '../testing/css-rules'

// Every stylesheet of the console, wherever it lives (the theme's variables and the components' rules).
const SRC = join(import.meta.dirname, '..')
const rules = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.css'))
  .flatMap((f) => parseRules(readFileSync(join(SRC, f), 'utf8'), f))

type Theme = 'light' | 'dark'
const THEMES: Theme[] = ['light', 'dark']
const inTheme = (rule: CssRule, theme: Theme) =>
  !rule.media?.includes('prefers-color-scheme') || rule.media.includes(`prefers-color-scheme: ${theme}`)

/** The custom properties of `:root` in a theme: the light ones, overridden by the dark block in dark. */
function themeVars(theme: Theme): Record<string, string> {
  const vars: Record<string, string> = {}
  for (const rule of rules) {
    if (!rule.selectors.includes(':root') || !inTheme(rule, theme)) continue
    for (const [name, value] of Object.entries(rule.decls)) if (name.startsWith('--')) vars[name] = value
  }
  return vars
}

// The backgrounds text without a background of its own sits on: the page, panels, cards, hovered rows.
const SURFACES = ['var(--bg)', 'var(--bg-subtle)', 'var(--bg-muted)', 'var(--bg-hover)', 'var(--surface)']

const background = (rule: CssRule) => rule.decls['background-color'] ?? rule.decls.background
/** `.btn-danger:hover` → `.btn-danger`: the rule a state variant inherits its text colour or background from. */
const baseSelector = (selector: string) => {
  const base = selector.replace(/(?:::?[\w-]+(?:\([^)]*\))?|\[[^\]]*\])+$/, '')
  return base !== selector && base !== '' && !base.endsWith(' ') ? base : null
}
const ruleFor = (selector: string, prop: (r: CssRule) => string | undefined) =>
  rules.findLast((r) => r.selectors.includes(selector) && prop(r) !== undefined)

// Icons coloured by `color` are graphics: WCAG asks 3:1 of them (1.4.11), as of large text.
const GRAPHIC = /(?:^|[\s>])svg$|-icon$|breadcrumb-sep$/

type Pair = { selector: string; theme: Theme; fg: string; bg: string; large: boolean; file: string }

/** Every text colour against the background it is drawn on, as the stylesheets declare them, in both themes. */
function textPairs(): Pair[] {
  const pairs: Pair[] = []
  for (const theme of THEMES) {
    for (const rule of rules) {
      if (!inTheme(rule, theme) || rule.selectors.includes(':root')) continue
      for (const selector of rule.selectors) {
        const base = baseSelector(selector)
        const fg =
          rule.decls.color ?? (base && background(rule) ? ruleFor(base, (r) => r.decls.color)?.decls.color : null)
        if (!fg) continue
        const own =
          background(rule) ?? (base ? ruleFor(base, background) && background(ruleFor(base, background)!) : null)
        const size =
          rule.decls['font-size'] ?? (base ? ruleFor(base, (r) => r.decls['font-size'])?.decls['font-size'] : '')
        const weight = Number(rule.decls['font-weight'] ?? 400)
        const px = Number(/^([\d.]+)px$/.exec(size ?? '')?.[1] ?? 14)
        const large = px >= 24 || (px >= 18.66 && weight >= 700) || GRAPHIC.test(selector)
        for (const bg of own ? [own] : SURFACES) pairs.push({ selector, theme, fg, bg, large, file: rule.file })
      }
    }
  }
  return pairs
}

describe('theme contrast (WCAG AA)', () => {
  const pairs = textPairs()

  it('finds the text/background pairs of the stylesheets in both themes', () => {
    for (const theme of THEMES) {
      expect(Object.keys(themeVars(theme))).toEqual(expect.arrayContaining(['--text', '--bg', '--red', '--accent']))
      const selectors = pairs.filter((p) => p.theme === theme).map((p) => p.selector)
      expect(selectors).toEqual(
        expect.arrayContaining([
          '.btn-primary',
          '.btn-danger',
          '.btn-danger:hover',
          '.badge-red',
          '.input::placeholder',
        ]),
      )
    }
  })

  it('gives every text colour 4.5:1 on its background (3:1 for large text) in light and dark', () => {
    const failures: string[] = []
    for (const p of pairs) {
      const vars = themeVars(p.theme)
      const fg = parseColor(resolveVars(p.fg, vars))
      const bg = parseColor(resolveVars(p.bg, vars))
      if (!fg || !bg) continue // inherit, transparent, gradients: not a declared pair
      const ratio = contrastRatio(fg, bg)
      const needed = p.large ? 3 : 4.5
      if (ratio < needed) {
        failures.push(
          `${p.theme} ${p.selector} (${p.file}): ${p.fg} on ${p.bg} is ${ratio.toFixed(2)}:1, needs ${needed}`,
        )
      }
    }
    expect([...new Set(failures)]).toEqual([])
  })
})
