/** WCAG 2 contrast of CSS colours, for the theme test: hex, `#fff`, `white` and `color-mix(in srgb, …)`. */

export type Rgb = [number, number, number]

const NAMED: Record<string, string> = { white: '#ffffff', black: '#000000' }

/** Parses a colour value whose `var(--x)` references are already resolved; null when it is not one we can rate. */
export function parseColor(value: string): Rgb | null {
  const v = (NAMED[value.trim().toLowerCase()] ?? value).trim().toLowerCase()
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(v)?.[1]
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb
  }
  // color-mix(in srgb, A p%, B [q%]) — how the stylesheets tint backgrounds; `transparent` is not rateable.
  const mix = /^color-mix\(in srgb,\s*(.+?)\s+(\d+(?:\.\d+)?)%,\s*(.+?)(?:\s+\d+(?:\.\d+)?%)?\)$/.exec(v)
  if (mix) {
    const a = parseColor(mix[1]!)
    const b = parseColor(mix[3]!)
    const p = Number(mix[2]) / 100
    if (!a || !b) return null
    return a.map((c, i) => Math.round(c * p + b[i]! * (1 - p))) as Rgb
  }
  return null
}

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

/** The WCAG contrast ratio (1–21) of two opaque colours. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}
