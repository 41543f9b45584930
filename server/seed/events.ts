import { newId } from '../auth/keys'
import { writeTransaction, type Db } from '../db/database'
import { insertEvents, type NewEvent } from '../db/events'
import { markPersonChanged, personUuidsByDistinctId } from '../db/persons'
import type { Random } from './random'

const PAGES = ['/', '/pricing', '/signup', '/login', '/checkout', '/docs/getting-started', '/dashboard', '/settings']
const CUSTOM = ['signed_up', 'purchase_completed', 'invite_sent', 'report_exported', 'feature_flag_called']
const BROWSERS = ['Chrome', 'Firefox', 'Safari', 'Edge']

/** More traffic by day than by night (UTC), so hourly windows differ. */
const hourWeight = (hour: number) => 0.35 + 0.65 * Math.sin((Math.PI * Math.max(0, hour - 5)) / 19) ** 2

/**
 * Events over the last `days` days for every hour (so every export window has rows): sessions of
 * pageviews, clicks and a few custom events by the project's persons, each stored a few seconds
 * after it happened. Each person last changed at one of their events of the last two days.
 */
export function seedEvents(
  db: Db,
  teamId: number,
  rnd: Random,
  options: { days: number; perHour: number; host: string; now?: number },
) {
  const now = options.now ?? Date.now()
  const people = [...personUuidsByDistinctId(db, teamId)]
  if (people.length === 0) return 0
  const hour = 3_600_000
  const firstHour = Math.floor(now / hour) * hour - options.days * 24 * hour
  const events: NewEvent[] = []
  for (let h = firstHour; h < now; h += hour) {
    const count = Math.max(
      1,
      Math.round(options.perHour * hourWeight(new Date(h).getUTCHours()) * (0.7 + rnd.next() * 0.6)),
    )
    let made = 0
    while (made < count) {
      const [distinctId, personId] = rnd.pick(people)
      const sessionId = rnd.sessionId(h)
      const browser = rnd.pick(BROWSERS)
      const length = Math.min(count - made, rnd.int(2, 8))
      let t = h + rnd.int(0, hour - 60_000)
      for (let i = 0; i < length && t < now - 5_000; i++, t += rnd.int(2, 90) * 1000) {
        const page = rnd.pick(PAGES)
        const kind =
          i === 0 ? '$pageview' : rnd.next() < 0.5 ? '$autocapture' : rnd.next() < 0.6 ? '$pageview' : rnd.pick(CUSTOM)
        events.push({
          uuid: newId(),
          event: kind,
          distinct_id: distinctId,
          properties: {
            $session_id: sessionId,
            $current_url: `${options.host}${page}`,
            $pathname: page,
            $browser: browser,
            $lib: 'web',
            ...(kind === 'purchase_completed' ? { amount: rnd.int(5, 500), currency: 'EUR' } : {}),
          },
          timestamp: t,
          inserted_at: Math.min(now, t + rnd.int(1, 20) * 1000),
          elements_chain:
            kind === '$autocapture' ? `button.btn.btn-primary:text="Continue"nth-child="${rnd.int(1, 4)}"` : '',
          person_id: personId,
        })
      }
      made += length
    }
  }
  writeTransaction(db, () => {
    for (let i = 0; i < events.length; i += 5000) insertEvents(db, teamId, events.slice(i, i + 5000))
    // Each person last changed (a `$set`) at one of their events in the last two days, if they had one.
    const lastSet = new Map<string, number>()
    for (const e of events)
      if (e.timestamp > now - 2 * 24 * hour && e.person_id) lastSet.set(e.person_id, e.inserted_at)
    for (const [uuid, t] of lastSet) markPersonChanged(db, uuid, new Date(t).toISOString())
  })
  return events.length
}
