import type { AiRegexOutput } from '../../src/contracts/ai'

// Rule-based stand-in for PostHog's AI regex helper (no model is reachable here). Output is a JS/RE2 pattern source:
// no lookaround, no backreferences, no inline flags, and every literal escaped so it also works inside /…/ and with `u`.

type Piece = Partial<Record<'scheme' | 'host' | 'path' | 'boundary' | 'start' | 'middle' | 'end' | 'whole', string>>
type Kind = 'contains' | 'starts' | 'ends' | 'exact' | 'under' | 'host' | 'param' | 'example' | 'pageword' | 'ext'
type Clause = { kind: Kind | 'preset' | 'bare'; args: string[]; piece?: Piece; sep?: string }

const B = '[\\/?#]'
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}'
const HOST = /^(\*\.)?([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)$/i
const FILES = 'pdf|csv|zip|docx?|xlsx?|pptx?|txt|json|xml|png|jpe?g|gif|svg|webp|mp4|mp3'
const NO_QUERY = /^(?:without|with no|no) (?:a |any )?(?:query|query strings?|query param(?:eter)?s|param(?:eter)?s)$/i
const NEGATION =
  /(?<![\w./-])(?:not|no|without|exclud(?:e|es|ing)|except|never|other than|(?:does|do|is|are)n'?t)(?![\w./-])/i
const GLOBAL_FILLER =
  /^(?:(?:please|i want|i need|give me|show me|show|find|get|write|build|create|make|generate|match(?:es|ing)?|select|a|an|(?:regexp?|regular expression|pattern)(?: (?:for|to|that|which))?) )*/i
const SUBJECT_FILLER =
  /^(?:(?:all|any|every|only|just|the) )*(?:(?:start )?(?:urls?|pages?|links?|strings?|paths?|addresses|sites?|recordings|sessions) )?(?:(?:that|which|whose|where) )?(?:(?:the )?(?:url|path|address|link|string)s? (?=(?:starts?|begins?|ends?|contains?|includes?|is|are|equals?)\b))?/i
const ANYTHING =
  /^(?:(?:all|any|every) (?:the )?(?:urls?|pages?|links?|strings?|paths?|things?)|anything|everything|all|\.\*|\*)$/i
const HELP =
  'Try phrases like "contains checkout", "starts with /blog", "ends with .pdf", "on example.com", "pages under /docs", ' +
  '"pricing or signup pages", "with query parameter utm_source", "numeric ids like /users/123" or "email addresses".'

const PRESETS: [RegExp, Piece][] = [
  [NO_QUERY, { whole: '^[^?]*$' }],
  [/^e-?mails?(?: address(?:es)?)?$/i, { middle: '[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}' }],
  [/^(?:uuids?|guids?)(?: ids?)?$/i, { middle: UUID }],
  [/^(?:numeric|numerical|number|integer) ids?$/i, { middle: `\\/\\d+(?:${B}|$)` }],
  [/^(?:numbers?|digits?)$/i, { middle: '\\d+' }],
  [/^ip(?:v4)? address(?:es)?$/i, { middle: '\\b(?:\\d{1,3}\\.){3}\\d{1,3}\\b' }],
  [/^(?:query strings?|query param(?:eter)?s|(?:url |search )?param(?:eter)?s)$/i, { middle: '\\?[^#]' }],
  [/^(?:utm|campaign|tracking) (?:param(?:eter)?s|tags|codes)$/i, { middle: '[?&]utm_[A-Za-z]+=' }],
  [/^(?:the )?(?:home ?|root |landing |front |index )page$/i, { path: '\\/?', boundary: '[?#]' }],
  [/^(?:(?:https|secure)(?: only| urls?| pages?| links?)?|(?:over|using|via) https)$/i, { scheme: 'https' }],
  [/^(?:(?:http|insecure|plain http)(?: only| urls?| pages?| links?)?|(?:over|using|via) http)$/i, { scheme: 'http' }],
  [/^(?:images?|pictures?|photos?)$/i, { middle: '\\.(?:png|jpe?g|gif|svg|webp|avif)(?:[?#]|$)' }],
]

// [pattern, kind, match against the text without a leading "with a"/"containing"]; captures joined by "=" form the arg.
const RULES: [RegExp, Kind, 1?][] = [
  [/^(?:(?:start|begin)(?:s|ing|ning)? with|prefixed (?:with|by)|(?:with (?:the |a )?)?prefix) (.+)$/i, 'starts'],
  [/^(?:end(?:s|ing)? (?:with|in)|suffixed (?:with|by)|(?:with (?:the |a )?)?suffix) (.+)$/i, 'ends'],
  [/^(?:(?:is |are )?exactly(?: equal to)?|(?:is |are )?equal to|equals?) (.+)$/i, 'exact'],
  [/^(?:(?:query|url|search)(?: string)? )?param(?:eter)? (?:named )?([\w.[\]-]+)(?: ?= ?(\S+))?$/i, 'param', 1],
  [/^([\w.[\]-]+) (?:(?:query|url) )?param(?:eter)?(?: ?= ?(\S+))?$/i, 'param', 1],
  [/^\??([\w.[\]-]+)=(\S*)$|^\?([\w.[\]-]+)$/i, 'param', 1],
  [/^(?:on|at|from|in|for|hosted on) (?:the )?(?:(?:domain|host|site) )?(\S+?)(?: (?:domain|site))?$/i, 'host'],
  [/^(?:domain|host(?:name)?|site|website)(?: is| of)? (\S+)$/i, 'host'],
  [/^(?:under|below|beneath|inside|within|in)(?: the)? (\S+?)(?: (?:section|folder|directory|path|area))?$/i, 'under'],
  [/^(?:.* )?(?:like|such as|e\.?g\.?|similar to|for example|for instance) (\S+)$/i, 'example'],
  [
    /^(?:contain|includ|mention)\w*(?: the (?:word|text|term))? (.+?)(?: in (?:it|them|the url|the path))?$/i,
    'contains',
  ],
  [/^(?:with|having|has|have)(?: the (?:word|text|term))? (\S+)(?: in (?:it|them|the url|the path))?$/i, 'contains'],
  [/^(\S+) (?:anywhere )?in (?:the )?(?:url|path|address|link)s?$/i, 'contains'],
  [/^\.?([a-z0-9]{1,5}) files?$|^(pdf|csv|zip|png|jpe?g|gif|svg|mp4|mp3)s$/i, 'ext'],
  [new RegExp(`^(?:links to )?\\.?(${FILES}) (?:documents?|downloads?|links?)$`, 'i'), 'ext'],
  [/^([\w-]+) (?:pages?|urls?|screens?|routes?|paths?|sections?)$/i, 'pageword'],
]

const PREFIX_FORM = new Set(['contains', 'starts', 'ends', 'exact', 'under', 'host', 'param', 'example'])
const SUFFIX_FORM = new Set(['pageword', 'ext'])
const alt = (xs: string[]) => (xs.length > 1 ? `(?:${xs.join('|')})` : (xs[0] ?? ''))
const escapeLiteral = (s: string, anyCase: boolean) => {
  const escaped = s.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')
  return anyCase ? escaped.replace(/[a-z]/gi, (ch) => `[${ch.toLowerCase()}${ch.toUpperCase()}]`) : escaped
}
const generalize = (s: string, lit: (s: string) => string) =>
  s
    .split(/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+)/i)
    .map((part, i) => (i % 2 === 0 ? lit(part) : /^\d+$/.test(part) ? '\\d+' : UUID))
    .join('') + (/\d$/.test(s) || /[0-9a-f]{12}$/i.test(s) ? `(?:${B}|$)` : '')

const BUILD: Record<Kind, (args: string[], lit: (s: string) => string) => Piece | null> = {
  contains: (a, lit) => ({ middle: alt(a.map(lit)) }),
  starts: (a, lit) => (a.every((x) => x.startsWith('/')) ? { path: alt(a.map(lit)) } : { start: alt(a.map(lit)) }),
  ends: (a, lit) => ({ end: alt(a.map(lit)) }),
  exact: (a, lit) =>
    a.every((x) => x.startsWith('/'))
      ? { path: `${alt(a.map((x) => lit(x.replace(/\/+$/, ''))))}\\/?`, boundary: '[?#]' }
      : { whole: `^${alt(a.map(lit))}$` },
  under: (a, lit) => {
    const paths = a.map((x) => x.replace(/^\/+|\/+$/g, ''))
    if (paths.some((x, i) => !/^[^\s?#]+$/.test(x) || (!a[i]!.startsWith('/') && x.includes('.')))) return null
    return { path: `\\/${alt(paths.map(lit))}`, boundary: B }
  },
  host: (a) => {
    const hosts = a.map((x) => HOST.exec(x.replace(/^https?:\/\//i, '').replace(/\/$/, '')))
    if (hosts.some((m) => !m || !(m[2]!.includes('.') || m[2]!.toLowerCase() === 'localhost'))) return null
    const sub = (m: RegExpExecArray) => (m[1] ? '[^\\/?#:@]+\\.' : '(?:[^\\/?#:@]+\\.)?')
    const names = hosts.map((m) => escapeLiteral(m!.at(2)!.toLowerCase(), false))
    const same = hosts.every((m) => !!m![1] === !!hosts[0]![1])
    return { host: same ? sub(hosts[0]!) + alt(names) : alt(names.map((n, i) => sub(hosts[i]!) + n)) }
  },
  param: (a, lit) => {
    const one = (x: string) => {
      const [name, value] = x.split(/=(.*)/s)
      return value === undefined ? `${lit(name!)}(?:[=&#]|$)` : `${lit(name!)}=${lit(value)}(?:[&#]|$)`
    }
    return { middle: `[?&]${alt(a.map(one))}` }
  },
  example: (a, lit) => {
    const gen = a.map((x) => generalize(x, lit))
    return a.every((x) => /^[a-z][a-z0-9+.-]*:\/\//i.test(x)) ? { start: alt(gen) } : { middle: alt(gen) }
  },
  pageword: (a, lit) => (a.every((x) => /^[\w-]+$/.test(x)) ? { middle: `\\/${alt(a.map(lit))}` } : null),
  ext: (a) => {
    const exts = a.map((x) => x.replace(/^\./, '').toLowerCase())
    return exts.every((x) => /^[a-z0-9]{1,6}$/.test(x)) ? { middle: `\\.${alt(exts)}(?:[?#]|$)` } : null
  },
}

function assemble(pieces: Piece[]): string | null {
  const only = (key: keyof Piece) => {
    const values = pieces.flatMap((p) => (p[key] === undefined ? [] : [p[key]]))
    return values.length > 1 ? null : values[0]
  }
  const [scheme, host, path, start, end, whole] = (['scheme', 'host', 'path', 'start', 'end', 'whole'] as const).map(
    only,
  )
  if ([scheme, host, path, start, end, whole].includes(null)) return null
  if (whole !== undefined) return pieces.length === 1 ? whole : null
  const middles = pieces.flatMap((p) => (p.middle === undefined ? [] : [p.middle]))
  if (middles.length > 2 || (start !== undefined && (scheme || host || path !== undefined))) return null
  let prefix = start === undefined ? '' : `^${start}`
  let boundary: string | undefined
  if (scheme || host) {
    prefix = `^${scheme ?? 'https?'}:\\/\\/`
    if (host) [prefix, boundary] = [`${prefix}${host}(?::\\d+)?`, B]
    else if (path !== undefined) prefix += '[^\\/?#]+'
  } else if (path !== undefined) prefix = '^(?:https?:\\/\\/[^\\/?#]+)?'
  if (path !== undefined) [prefix, boundary] = [prefix + path, pieces.find((p) => p.path === path)?.boundary]
  const [m1, m2] = middles
  const middle = m2 === undefined ? m1 : `(?:${m1}.*${m2}|${m2}.*${m1})`
  const rest = [middle, end === undefined ? undefined : `${end}$`].filter((x) => x !== undefined).join('.*')
  if (!prefix) return rest || '.*'
  if (!boundary) return rest ? `${prefix}.*${rest}` : prefix
  if (!rest) return `${prefix}(?:${boundary}|$)`
  return /^(?:\\\/|\\\?|#|\[\?&\])/.test(rest) ? `${prefix}(?:${boundary}.*)?${rest}` : `${prefix}${boundary}.*${rest}`
}

/** Turns a plain-English description of URLs into a regex source, or explains which phrasings work. */
export function translateRegex(description: string): AiRegexOutput {
  const shown = `Could not turn "${description.trim().replace(/^(.{77}).{4,}$/s, '$1…')}" into a pattern.`
  const fail = (why = ''): AiRegexOutput => ({ result: 'error', data: { output: `${shown}${why} ${HELP}` } })
  const quoted: string[] = []
  const restore = (s: string) => s.replace(/\uE000(\d+)\uE000/g, (_, i: string) => quoted[Number(i)] ?? '')
  let text = ` ${description.replace(/\s+/g, ' ')} `
    .replace(
      /(?<= )["'`“‘]([^"'`“”‘’]+)["'`”’](?=[ ,;:!?.)])/g,
      (_, lit: string) => `\uE000${quoted.push(lit) - 1}\uE000`,
    )
    .replace(/(?<= )\(|\)(?=[ ,;:!?.])/g, '')
  const anyCase = /\b(?:case[- ]?insensitive(?:ly)?|ignor(?:e|ing) case|any case)\b/i.test(text)
  text = text.replace(/,? ?\b(?:case[- ]?insensitive(?:ly)?|ignor(?:e|ing) case|in any case|any case)\b/gi, ' ')
  text = text
    .trim()
    .replace(/[!?;:,]+$|(?<=\S\S)\.$/, '')
    .replace(GLOBAL_FILLER, '')
  text = text.replace(/ (?:and|including|plus) (?:all )?(?:its |their )?subdomains\b/gi, '')
  const conditions = text.split(/ (?:or|and) |, /).filter((part) => !NO_QUERY.test(part.replace(SUBJECT_FILLER, '')))
  if (NEGATION.test(conditions.join(' '))) {
    return fail(' Negative conditions ("not", "without", "except") need lookahead, which RE2 cannot express.')
  }
  const parts = text.split(/( ?, ?(?:or |and )?| or | and )/i)
  const items = parts.flatMap((part, i) => {
    const sep = parts[i - 1]?.toLowerCase() === ' and ' ? 'and' : 'or'
    return i % 2 ? [] : parseConjunct(part.trim(), restore).map((c, j) => ({ ...c, sep: j ? 'and' : sep }))
  })
  // "containing checkout or cart" and "pricing or signup pages": a bare phrase borrows its neighbour's condition.
  for (let i = 0, last: Clause | undefined; i < items.length; i++) {
    const item = items[i]!
    if (item.kind !== 'bare') last = item
    else if (item.sep === 'and' && last?.kind === 'contains') [item.kind, last] = ['contains', item]
    else if (last && PREFIX_FORM.has(last.kind)) last.args.push(...items.splice(i--, 1)[0]!.args)
  }
  for (let i = items.length - 1, next: Clause | undefined; i >= 0; i--) {
    const item = items[i]!
    if (item.kind !== 'bare') next = item
    else if (next && SUFFIX_FORM.has(next.kind)) next.args.unshift(...items.splice(i, 1)[0]!.args)
  }
  if (items.length === 0 || items.some((item) => item.kind === 'bare')) return fail()
  const groups: Clause[][] = []
  for (const item of items) {
    if (item.sep === 'and' && groups.length) groups.at(-1)!.push(item)
    else groups.push([item])
  }
  const lit = (s: string) => escapeLiteral(s, anyCase)
  const patterns: string[] = []
  for (const group of groups) {
    const pieces = group.map((c) => (c.kind === 'preset' ? c.piece! : BUILD[c.kind as Kind](c.args, lit)))
    if (pieces.includes(null)) return fail()
    const pattern = assemble(pieces as Piece[])
    if (pattern === null) return fail(' Those conditions cannot be combined into one pattern; join them with "or".')
    if (!patterns.includes(pattern)) patterns.push(pattern)
  }
  return { result: 'success', data: { output: patterns.join('|') } }
}

const CONNECTIVE = /^(?:with|having|containing|contains|that|which|ending|ends|starting|starts|on|at|from|under|in)$/i

// One condition, or several run together without "and" ("https pages on example.com with utm parameters"). Memoized
// by suffix, so trying every split point stays polynomial.
function parseConjunct(raw: string, restore: (s: string) => string, memo = new Map<string, Clause[]>()): Clause[] {
  const known = memo.get(raw)
  if (known) return known
  const whole = parseCondition(raw, restore)
  const words = raw.replace(/^((?:.* )?(?:on|at|from) [\w.-]+\.[a-z]{2,})(\/\S*)$/i, '$1 under $2').split(' ')
  let result = [whole]
  for (let i = 1; (whole.kind === 'bare' || whole.args.some((a) => a.includes(' '))) && i < words.length; i++) {
    const left = CONNECTIVE.test(words[i]!) ? parseCondition(words.slice(0, i).join(' '), restore) : whole
    if (left === whole || left.kind === 'bare') continue
    const right = parseConjunct(words.slice(i).join(' '), restore, memo)
    if (right.every((c) => c.kind !== 'bare')) {
      result = [left, ...right]
      break
    }
  }
  memo.set(raw, result)
  return result
}

function parseCondition(raw: string, restore: (s: string) => string): Clause {
  const c = raw.replace(SUBJECT_FILLER, '').replace(/^(?:on |at )?(?:any |all |a )?subdomains? of (?:\*\.)?/i, 'on *.')
  if (ANYTHING.test(raw) || ANYTHING.test(c)) return { kind: 'preset', args: [], piece: {} }
  const p = c.replace(/^(?:(?:with|having|has|have) )?(?:(?:a|an|any|some|the) )?/i, '')
  const q = c.replace(/^(?:contains?|containing|includ\w*) (?:(?:a|an|any|some|the) )?/i, '')
  const preset = PRESETS.find(([re]) => re.test(p) || re.test(q) || re.test(c))
  if (preset) return { kind: 'preset', args: [], piece: preset[1] }
  for (const [re, kind, onP] of RULES) {
    const arg = restore((onP ? p : c).match(re)?.slice(1).filter(Boolean).join('=') ?? '')
    if (arg && BUILD[kind]([arg], (s) => s)) return { kind, args: [arg] }
  }
  return { kind: 'bare', args: [restore(c)] }
}
