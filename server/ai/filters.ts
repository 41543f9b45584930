import type { AiFiltersOutput } from '../../src/contracts/ai'

// Rule-based stand-in for PostHog's AI filters helper (no model is reachable here). It emits only the list parameters
// of `recordingsQuery`, with relative dates as the server reads them (src/contracts/recording-dates.ts and recording-filters.ts): h hours,
// d days, w weeks, m calendar months.

type Message = { role: 'user' | 'assistant'; content: string }
type Filters = Record<string, string>
type State = { f: Filters; notes: string[]; order: string }
type Rule = [RegExp, (s: State, ...groups: string[]) => void]

const rx = (parts: TemplateStringsArray, ...subs: string[]) => new RegExp(String.raw(parts, ...subs))
const HELP =
  'Try phrases like "unwatched recordings with console errors from the last 7 days", "longer than 2 minutes", ' +
  '"since 2026-03-01", "viewed ones without errors" or "most active first".'
const NUMBERS: Record<string, string> = Object.fromEntries(
  (
    'a:1 an:1 one:1 two:2 three:3 four:4 five:5 six:6 seven:7 eight:8 nine:9 ten:10 twelve:12 fifteen:15 twenty:20 ' +
    'thirty:30 sixty:60 ninety:90 couple:2'
  )
    .split(' ')
    .map((pair) => pair.split(':')),
)
const UNIT = '(seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h)\\b'
const DURATION = `(\\d+(?:\\.\\d+)?) ?${UNIT}`
const SPAN = '(hour|day|week|month|year)s?\\b'
const LAST = '\\b(?:in |within |during |over |from |for )?(?:the )?(?:last|past|previous) (?:(\\d+) )?'
const ISO = '(\\d{4}-\\d{2}-\\d{2})\\b'
const MONTH = 'jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec'
const SORT_KEYS: [RegExp, string][] = [
  [/^(?:duration|length)$/, 'duration'],
  [/^active (?:time|seconds)$/, 'active_seconds'],
  [/^activity(?: score)?$/, 'activity_score'],
  [/^(?:console )?errors?(?: count)?$/, 'console_error_count'],
  [/^clicks?(?: count)?$/, 'click_count'],
  [/^(?:start time|date|time|recency)$/, 'start_time'],
]

const isDate = (d: string) => !Number.isNaN(Date.parse(d)) && new Date(d).toISOString().slice(0, 10) === d
const date = (s: State, key: 'date_from' | 'date_to', d: string, days = 0) => {
  if (!isDate(d)) s.notes.push(`${d} is not a real date`)
  else s.f[key] ??= new Date(Date.parse(d) + days * 86_400_000).toISOString().slice(0, 10)
}
const relative = (n: string | undefined, unit: string) =>
  unit === 'year' ? `-${Number(n ?? 1) * 365}d` : `-${Number(n ?? 1)}${unit[0]}`
const defined = (groups: string[]) => groups.filter((g) => g !== undefined) as [string, string]
const seconds = (n: string, unit: string) => String(Math.round(Number(n) * { s: 1, m: 60, h: 3600 }[unit[0] as 's']))
const sorted =
  (value: string, label: string): Rule[1] =>
  (s) => {
    s.f.order ??= value
    s.order ||= label
  }

// Applied in order; each consumes what it matched, so "most errors" is a sort and never also "has errors".
const RULES: Rule[] = [
  [
    rx`\b(?:between|from) ${ISO} (?:and|to|until|through|-) ${ISO}`,
    (s, a, b) => {
      date(s, 'date_from', a! < b! ? a! : b!)
      date(s, 'date_to', a! < b! ? b! : a!)
    },
  ],
  [rx`\bafter ${ISO}`, (s, d) => date(s, 'date_from', d!, 1)],
  [rx`\b(?:since|from|starting(?: on| from)?|as of|on or after) ${ISO}`, (s, d) => date(s, 'date_from', d!)],
  [rx`\bbefore ${ISO}`, (s, d) => date(s, 'date_to', d!, -1)],
  [rx`\b(?:until|till|up to|through|to|by|on or before) ${ISO}`, (s, d) => date(s, 'date_to', d!)],
  [rx`\b(?:on )?${ISO}`, (s, d) => [date(s, 'date_from', d!), date(s, 'date_to', d!)]],
  [rx`${LAST}(?:minute|min)s?\b`, (s) => s.notes.push('time ranges shorter than an hour')],
  [rx`${LAST}${SPAN}`, (s, n, u) => (s.f.date_from ??= relative(n, u!))],
  [
    rx`\b(?:within |newer than |since |(?:less than|under) (?=\d+ \w+ (?:ago|old)))(\d+) ${SPAN}(?: ago| old)?`,
    (s, n, u) => (s.f.date_from ??= relative(n, u!)),
  ],
  [
    rx`\bolder than (\d+) ${SPAN}|\b(?:more than|over|at least|before) (\d+) ${SPAN} (?:ago|old)\b|\b(\d+) ${SPAN} ago or (?:older|earlier|before)\b`,
    (s, ...g) => (s.f.date_to ??= relative(...defined(g))),
  ],
  [/\byesterday\b/, (s) => (s.f.date_from ??= '-1d')],
  [/\btoday\b/, (s) => (s.f.date_from ??= '-24h')],
  [
    rx`\b(?:shorter than|less than|under|below|at most|up to|no longer than|<=?) ?${DURATION}`,
    (s) => s.notes.push('a maximum duration (only a minimum can be filtered)'),
  ],
  [
    rx`\b(?:longer than|more than|over|at least|above|greater than|exceeding|min(?:imum)?(?: duration)?(?: of)?|lasting(?: at least| more than| over)?|>=?) ?${DURATION}|\b(\d+(?:\.\d+)?) ?\+ ?${UNIT}`,
    (s, ...g) => (s.f.min_duration = seconds(...defined(g))),
  ],
  [
    /\b(?:sort(?:ed)?|order(?:ed)?|rank(?:ed)?)(?: them)? by (?:the )?([a-z ]+?)(?: (asc|ascending|desc|descending|lowest first|highest first))?(?= ;|\s*$| (?:and|with|from|in|since)\b)/,
    (s, key, dir) => {
      const found = SORT_KEYS.find(([re]) => re.test(key!))
      const ascending = dir?.startsWith('asc') || dir === 'lowest first'
      if (found) sorted(`${ascending ? '-' : ''}${found[1]}`, `sorted by ${key}${ascending ? ', ascending' : ''}`)(s)
    },
  ],
  [/\bmost (?:active (?:time|seconds)|time active)\b/, sorted('active_seconds', 'most active time first')],
  [/\bleast (?:active (?:time|seconds)|time active)\b/, sorted('-active_seconds', 'least active time first')],
  [
    /\b(?:most|highest|busiest) (?:active|activity|engaged)(?: score)?\b|\bbusiest\b/,
    sorted('activity_score', 'most active first'),
  ],
  [
    /\b(?:least|lowest) (?:active|activity|engaged)(?: score)?\b|\bquietest\b/,
    sorted('-activity_score', 'least active first'),
  ],
  [/\b(?:most|highest number of) (?:console )?errors\b/, sorted('console_error_count', 'most console errors first')],
  [/\b(?:fewest|least) (?:console )?errors\b/, sorted('-console_error_count', 'fewest console errors first')],
  [/\bmost (?:clicks|clicked)\b/, sorted('click_count', 'most clicks first')],
  [/\b(?:fewest|least) clicks\b/, sorted('-click_count', 'fewest clicks first')],
  [/\b(?:longest|lengthiest)(?: first)?\b/, sorted('duration', 'longest first')],
  [/\bshortest(?: first)?\b/, sorted('-duration', 'shortest first')],
  [/\b(?:newest|latest|most recent)(?: first)?\b|\brecent first\b/, sorted('start_time', 'newest first')],
  [/\b(?:oldest|earliest)(?: first)?\b/, sorted('-start_time', 'oldest first')],
  [
    /\b(?:un(?:watched|viewed|seen|opened|reviewed)|(?:not|never|haven'?t|have not|hasn'?t|has not|nobody|no one)(?: yet| been| ever| has| have)* (?:watched|viewed|seen|opened|reviewed))\b/,
    (s) => (s.f.viewed = 'false'),
  ],
  [/\b(?:watched|viewed|seen|opened|reviewed)\b/, (s) => (s.f.viewed ??= 'true')],
  [
    /\b(?:without|with no|no|zero|0|free of)(?: any)? (?:console |js |javascript )?(?:errors?|exceptions?)\b|\berror[- ]free\b/,
    (s) => (s.f.has_console_errors = 'false'),
  ],
  [
    /\b(?:(?:console|js|javascript) )?(?:errors?|exceptions?)\b|\berror(?:ed|ing)\b/,
    (s) => (s.f.has_console_errors ??= 'true'),
  ],
]
const EVERYTHING =
  /^[\s;]*(?:(?:show(?: me)? )?(?:all|every|any)(?: the)? (?:recordings|sessions|replays)|everything|(?:clear|reset|remove)(?: all)?(?: the)? filters)[\s;.!]*$/

/** Reads the last user message and turns it into recording-list filters, or explains which phrasings work. */
export function translateFilters(messages: Message[]): AiFiltersOutput {
  const said = messages.findLast((m) => m.role === 'user')?.content.trim() ?? ''
  const s: State = { f: {}, notes: [], order: '' }
  let text = ` ${said.toLowerCase().replace(/[\s,;]+/g, ' ')} `
    .replace(/\bhalf an hour\b/g, '30 minutes')
    .replace(
      new RegExp(
        `\\b(${Object.keys(NUMBERS).join('|')})(?: of)? (?=(?:sec|min|hour|hr|day|week|month|year)\\w*\\b)`,
        'g',
      ),
      (w) => `${NUMBERS[w.split(' ')[0]!]} `,
    )
    .replace(/\b(\d{4})\/(\d{2})\/(\d{2})\b/g, '$1-$2-$3')
    .replace(
      new RegExp(
        `\\b(${MONTH})[a-z]*\\.? (\\d{1,2})(?:st|nd|rd|th)?,? (\\d{4})\\b|\\b(\\d{1,2})(?:st|nd|rd|th)?(?: of)? (${MONTH})[a-z]*\\.?,? (\\d{4})\\b`,
        'g',
      ),
      (_, m1?: string, d1?: string, y1?: string, d2?: string, m2?: string, y2?: string) =>
        `${y1 ?? y2}-${String(MONTH.split('|').indexOf((m1 ?? m2)!) + 1).padStart(2, '0')}-${(d1 ?? d2)!.padStart(2, '0')}`,
    )
  for (const [re, apply] of RULES) text = text.replace(re, (...m: string[]) => (apply(s, ...m.slice(1)), ' ; '))

  const notApplied = s.notes.length ? ` Not applied: ${s.notes.join('; ')}.` : ''
  if (Object.keys(s.f).length === 0 && !EVERYTHING.test(text)) {
    const shown = said.replace(/\s+/g, ' ').replace(/^(.{77}).{4,}$/s, '$1…')
    const output = said
      ? `Could not turn "${shown}" into recording filters.${notApplied} ${HELP}`
      : `Describe the recordings you want. ${HELP}`
    return { result: 'error', data: { output, filters: null } }
  }
  return { result: 'success', data: { output: summarize(s.f, s.order) + notApplied, filters: s.f } }
}

const span = (rel: string, article = '') => {
  const [, n, u] = /^-(\d+)([hdwm])$/.exec(rel)!
  const unit = { h: 'hour', d: 'day', w: 'week', m: 'month' }[u as 'h']
  return n === '1' ? `${article}${unit}` : `${n} ${unit}s`
}
const clock = (t: number) =>
  [
    t >= 3600 && `${Math.floor(t / 3600)}h`,
    t % 3600 >= 60 && `${Math.floor((t % 3600) / 60)}m`,
    (t % 60 || !t) && `${t % 60}s`,
  ]
    .filter(Boolean)
    .join(' ')

function summarize(f: Filters, order: string): string {
  const who = `${{ false: 'Unviewed ', true: 'Viewed ' }[f.viewed as 'true'] ?? ''}recordings`
  const errors =
    { true: ' with console errors', false: ' without console errors' }[f.has_console_errors as 'true'] ?? ''
  const parts = [`${who}${errors}`]
  const [from, to] = [f.date_from, f.date_to]
  if (from && from === to) parts.push(`on ${from}`)
  else if (from && to && !from.startsWith('-') && !to.startsWith('-')) parts.push(`from ${from} to ${to}`)
  else {
    if (from) parts.push(from.startsWith('-') ? `from the last ${span(from)}` : `since ${from}`)
    if (to) parts.push(to.startsWith('-') ? `older than ${span(to, to === '-1h' ? 'an ' : 'a ')}` : `until ${to}`)
  }
  if (f.min_duration) parts.push(`at least ${clock(Number(f.min_duration))} long`)
  if (order) parts.push(order)
  const sentence = Object.keys(f).length ? parts.join(', ') : 'all recordings, no filters'
  return `${sentence[0]!.toUpperCase()}${sentence.slice(1)}.`
}
