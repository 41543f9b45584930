/**
 * An organization's slug from its name, as the server derives it: letters transliterated to ASCII
 * ("Ünïcødé" → "unicode", "Straße" → "strasse"), anything else a single hyphen, at most 40 characters.
 */
export function slugify(name: string, fallback = 'org'): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '') // accents and other combining marks: é → e, ü → u
    .replace(/[^\p{ASCII}]/gu, (c) => LETTERS[c] ?? c)
    .toLowerCase()
  return (
    ascii
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, 40)
      .replace(/^-+|-+$/g, '') || fallback
  )
}

// Letters NFKD does not decompose into a base letter and marks.
const LETTERS: Record<string, string> = {
  ø: 'o',
  Ø: 'O',
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ł: 'l',
  Ł: 'L',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
}
