import type { AiFiltersOutput } from '../../src/contracts/ai'

// Rule-based stand-in for PostHog's AI filters helper (no model is reachable here). It emits only the list parameters
// of `recordingsQuery`; relative dates follow the server: h hours, d days, w weeks, m 30-day months.

type Message = { role: 'user' | 'assistant'; content: string }
type Filters = Record<string, string>

const HELP =
  'Try phrases like "unwatched recordings with console errors from the last 7 days", "longer than 2 minutes", ' +
  '"since 2026-03-01", "viewed ones without errors" or "most active first".'
const NUMBERS: Record<string, string> = {
  a: '1', an: '1', one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8',
  nine: '9', ten: '10', twelve: '12', fifteen: '15', twenty: '20', thirty: '30', sixty: '60', ninety: '90', couple: '2',
}
const SECONDS: Record<string, number> = { s: 1, sec: 1, second: 1, m: 60, min: 60, minute: 60, h: 3600, hr: 3600, hour: 3600 }
const DURATION = String.raw`(\d+(?:\.\d+)?) ?(seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h)\b`
const SPAN = String.raw`(hour|day|week|month|year)s?\b`
const ISO = String.raw`(\d{4}-\d{2}-\d{2})\b`
const MONTH = 'jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec'
const ORDERS: [RegExp, string, string][] = [
  [/\bmost (?:active (?:time|seconds)|time active)\b/, 'active_seconds', 'most active time first'],
  [/\bleast (?:active (?:time|seconds)|time active)\b/, '-active_seconds', 'least active time first'],
  [/\b(?:most|highest|busiest) (?:active|activity|engaged|engagement)(?: score)?\b|\bbusiest\b/, 'activity_score', 'most active first'],
  [/\b(?:least|lowest) (?:active|activity|engaged|engagement)(?: score)?\b|\bquietest\b/, '-activity_score', 'least active first'],
  [/\b(?:most|highest number of) (?:console )?errors\b/, 'console_error_count', 'most console errors first'],
  [/\b(?:fewest|least) (?:console )?errors\b/, '-console_error_count', 'fewest console errors first'],
  [/\bmost (?:clicks|clicked)\b/, 'click_count', 'most clicks first'],
  [/\b(?:fewest|least) clicks\b/, '-click_count', 'fewest clicks first'],
  [/\b(?:longest|lengthiest)(?: first)?\b/, 'duration', 'longest first'],
  [/\bshortest(?: first)?\b/, '-duration', 'shortest first'],
  [/\b(?:newest|latest|most recent)(?: first)?\b|\brecent first\b/, 'start_time', 'newest first'],
  [/\b(?:oldest|earliest)(?: first)?\b/, '-start_time', 'oldest first'],
]
const SORT_KEYS: [RegExp, string][] = [
  [/^(?:duration|length)$/, 'duration'],
  [/^active (?:time|seconds)$/, 'active_seconds'],
  [/^activity(?: score)?$/, 'activity_score'],
  [/^(?:console )?errors?(?: count)?$/, 'console_error_count'],
  [/^clicks?(?: count)?$/, 'click_count'],
  [/^(?:start time|date|time|recency)$/, 'start_time'],
]

const isDate = (d: string) => !Number.isNaN(Date.parse(d)) && new Date(d).toISOString().slice(0, 10) === d
const shift = (d: string, days: number) => new Date(Date.parse(d) + days * 86_400_000).toISOString().slice(0, 10)
const relative = (n: string | undefined, unit: string) =>
  unit === 'year' ? `-${Number(n ?? 1) * 365}d` : `-${Number(n ?? 1)}${unit[0]}`
const span = (rel: string) => {
  const [, n, u] = /^-(\d+)([hdwm])$/.exec(rel)!
  const unit = { h: 'hour', d: 'day', w: 'week', m: 'month' }[u as 'h']
  return n === '1' ? unit : `${n} ${unit}s`
}
const clock = (s: number) =>
  [s >= 3600 && `${Math.floor(s / 3600)}h`, s % 3600 >= 60 && `${Math.floor((s % 3600) / 60)}m`, (s % 60 || !s) && `${s % 60}s`]
    .filter(Boolean)
    .join(' ')

/** Reads the last user message and turns it into recording-list filters, or explains which phrasings work. */
export function translateFilters(messages: Message[]): AiFiltersOutput {
  const said = messages.findLast((m) => m.role === 'user')?.content.trim() ?? ''
  const shown = said.replace(/\s+/g, ' ').replace(/^(.{77}).{4,}$/s, '$1…')
  const filters: Filters = {}
  const notes: string[] = []
  let order = ''
  let text = ` ${said.toLowerCase().replace(/[\s,;]+/g, ' ')} `
    .replace(/\bhalf an hour\b/g, '30 minutes')
    .replace(/\b(a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|sixty|ninety|couple)(?: of)? (?=(?:second|sec|minute|min|hour|hr|day|week|month|year)s?\b)/g, (w: string) => `${NUMBERS[w.split(' ')[0]!]} `)
    .replace(/\b(\d{4})\/(\d{2})\/(\d{2})\b/g, '$1-$2-$3')
    .replace(new RegExp(String.raw`\b(${MONTH})[a-z]*\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})\b|\b(\d{1,2})(?:st|nd|rd|th)?(?: of)? (${MONTH})[a-z]*\.?,? (\d{4})\b`, 'g'),
      (_, m1?: string, d1?: string, y1?: string, d2?: string, m2?: string, y2?: string) =>
        `${y1 ?? y2}-${String(MONTH.split('|').indexOf((m1 ?? m2)!) + 1).padStart(2, '0')}-${(d1 ?? d2)!.padStart(2, '0')}`)
  const take = (re: RegExp, use: (...groups: string[]) => void) => {
    text = text.replace(re, (...m: string[]) => (use(...m.slice(1)), ' ; '))
  }
  const date = (key: 'date_from' | 'date_to', d: string, days = 0) => {
    if (isDate(d)) filters[key] ??= shift(d, days)
    else notes.push(`${d} is not a real date`)
  }

  take(new RegExp(String.raw`\b(?:between|from) ${ISO} (?:and|to|until|through|-) ${ISO}`), (a, b) => {
    date('date_from', a! < b! ? a! : b!)
    date('date_to', a! < b! ? b! : a!)
  })
  take(new RegExp(String.raw`\bafter ${ISO}`), (d) => date('date_from', d!, 1))
  take(new RegExp(String.raw`\b(?:since|from|starting(?: on| from)?|as of|on or after) ${ISO}`), (d) => date('date_from', d!))
  take(new RegExp(String.raw`\bbefore ${ISO}`), (d) => date('date_to', d!, -1))
  take(new RegExp(String.raw`\b(?:until|till|up to|through|to|by|on or before) ${ISO}`), (d) => date('date_to', d!))
  take(new RegExp(String.raw`\b(?:on )?${ISO}`), (d) => (date('date_from', d!), date('date_to', d!)))
  take(/\b(?:in |within |during |over |from |for )?(?:the )?(?:last|past|previous) (?:(\d+) )?(minute|min)s?\b/, () =>
    notes.push('time ranges shorter than an hour'),
  )
  take(new RegExp(String.raw`\b(?:in |within |during |over |from |for )?(?:the )?(?:last|past|previous) (?:(\d+) )?${SPAN}`), (n, u) => {
    filters.date_from ??= relative(n, u!)
  })
  take(new RegExp(String.raw`\b(?:within|newer than|since|(?:less than|under) (?=\d+ \w+ (?:ago|old)))(\d+) ${SPAN}(?: ago| old)?`), (n, u) => {
    filters.date_from ??= relative(n, u!)
  })
  take(new RegExp(String.raw`\b(?:older than|more than|over|at least|before) (\d+) ${SPAN}(?: ago| old)?`), (n, u) => {
    filters.date_to ??= relative(n, u!)
  })
  take(/\byesterday\b/, () => (filters.date_from ??= '-1d'))
  take(/\btoday\b/, () => (filters.date_from ??= '-24h'))
  const seconds = (n: string, unit: string) => Math.round(Number(n) * SECONDS[unit.replace(/s$/, '').replace(/^(?=[smh]$)|ute$|ond$|r$/, '')]!)
  take(new RegExp(String.raw`\b(?:shorter than|less than|under|below|at most|up to|no longer than|<=?) ?${DURATION}`), () =>
    notes.push('a maximum duration (only a minimum can be filtered)'),
  )
  take(new RegExp(String.raw`(?:\b(?:longer than|more than|over|at least|above|greater than|exceeding|min(?:imum)?(?: duration)?(?: of)?|lasting(?: at least| more than| over)?|>=?) ?${DURATION}|\b(\d+(?:\.\d+)?) ?\+ ?(seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h)\b)`), (...g) => {
    filters.min_duration = String(seconds((g[0] ?? g[2])!, (g[1] ?? g[3])!))
  })
  take(/\b(?:sort(?:ed)?|order(?:ed)?|rank(?:ed)?)(?: them)? by (?:the )?([a-z ]+?)(?: (asc|ascending|desc|descending|lowest first|highest first))?(?= ;|\s*$| (?:and|with|from|in|since)\b)/, (key, dir) => {
    const found = SORT_KEYS.find(([re]) => re.test(key!))
    if (!found) return
    filters.order = `${dir?.startsWith('asc') || dir === 'lowest first' ? '-' : ''}${found[1]}`
    order = `sorted by ${key}${filters.order.startsWith('-') ? ', ascending' : ''}`
  })
  for (const [re, value, label] of ORDERS) take(re, () => (filters.order ??= value, (order ||= label)))
  take(/\b(?:un(?:watched|viewed|seen|opened|reviewed)|(?:not|never|haven'?t|have not|hasn'?t|has not|nobody|no one)(?: yet| been| ever| has| have)* (?:watched|viewed|seen|opened|reviewed))\b/, () => (filters.viewed = 'false'))
  take(/\b(?:watched|viewed|seen|opened|reviewed)\b/, () => (filters.viewed ??= 'true'))
  take(/\b(?:without|with no|no|zero|0|free of)(?: any)? (?:console |js |javascript )?(?:errors?|exceptions?)\b|\berror[- ]free\b/, () => (filters.has_console_errors = 'false'))
  take(/\b(?:(?:console|js|javascript) )?(?:errors?|exceptions?)\b|\berror(?:ed|ing)\b/, () => (filters.has_console_errors ??= 'true'))
  const everything = /^[\s;]*(?:(?:show(?: me)? )?(?:all|every|any)(?: the)? (?:recordings|sessions|replays)|everything|(?:clear|reset|remove)(?: all)?(?: the)? filters)[\s;.!]*$/.test(text)

  const notApplied = notes.length ? ` Not applied: ${notes.join('; ')}.` : ''
  if (Object.keys(filters).length === 0 && !everything) {
    const output = `Could not turn "${shown}" into recording filters.${notApplied} ${HELP}`
    return { result: 'error', data: { output: said ? output : `Describe the recordings you want. ${HELP}`, filters: null } }
  }
  return { result: 'success', data: { output: summarize(filters, order) + notApplied, filters } }
}

function summarize(f: Filters, order: string): string {
  const who = `${{ false: 'Unviewed ', true: 'Viewed ' }[f.viewed as 'true'] ?? ''}recordings`
  const errors = { true: ' with console errors', false: ' without console errors' }[f.has_console_errors as 'true'] ?? ''
  const parts = [`${who}${errors}`]
  const [from, to] = [f.date_from, f.date_to]
  if (from && from === to) parts.push(`on ${from}`)
  else if (from && to && !from.startsWith('-') && !to.startsWith('-')) parts.push(`from ${from} to ${to}`)
  else {
    if (from) parts.push(from.startsWith('-') ? `from the last ${span(from)}` : `since ${from}`)
    if (to) parts.push(to.startsWith('-') ? `older than ${span(to)}` : `until ${to}`)
  }
  if (f.min_duration) parts.push(`at least ${clock(Number(f.min_duration))} long`)
  if (order) parts.push(order)
  const sentence = Object.keys(f).length ? parts.join(', ') : 'All recordings, no filters'
  return `${sentence[0]!.toUpperCase()}${sentence.slice(1)}.`
}
