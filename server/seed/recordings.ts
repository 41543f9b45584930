import { createPerson } from '../db/persons'
import { insertRecordings, type NewRecording } from '../db/recordings'
import { writeTransaction, type Db } from '../db/database'
import type { Random } from './random'
import { seedSnapshots } from './snapshot-stream'

const PAGES = [
  '/',
  '/pricing',
  '/signup',
  '/login',
  '/checkout',
  '/blog/launch-week',
  '/docs/getting-started',
  '/settings/billing',
  '/dashboard',
  '/products/42',
]
const HOSTS = ['https://app.example.com', 'https://www.example.com', 'https://shop.example.com']
const FIRST = [
  'Ada',
  'Grace',
  'Linus',
  'Margaret',
  'Alan',
  'Barbara',
  'Dennis',
  'Frances',
  'Ken',
  'Radia',
  'Tim',
  'Hedy',
]
const LAST = [
  'Lovelace',
  'Hopper',
  'Torvalds',
  'Hamilton',
  'Turing',
  'Liskov',
  'Ritchie',
  'Allen',
  'Thompson',
  'Perlman',
]
const BROWSERS = ['Chrome', 'Firefox', 'Safari', 'Edge']
const COUNTRIES = ['DE', 'US', 'GB', 'FR', 'NL', 'BR', 'IN', 'JP']

/** How far back seeded recordings start (buildRecordings' default window). */
const RECORDING_DAYS = 30
const DAY = 86_400_000

/**
 * Persons with realistic properties; returns their distinct ids. Each was first seen before the window
 * their recordings fall in (31 to 90 days ago, without drawing from `rnd`, so the rows after stay the same).
 */
export function seedPersons(db: Db, teamId: number, rnd: Random, count: number, now = Date.now()): string[] {
  const ids: string[] = []
  writeTransaction(db, () => {
    for (let i = 0; i < count; i++) {
      const firstSeen = now - (RECORDING_DAYS + 1 + (i % 60)) * DAY - ((i * 7_919_000) % DAY)
      const first = rnd.pick(FIRST)
      const last = rnd.pick(LAST)
      const anonymous = rnd.next() < 0.25
      const distinctId = anonymous ? `anon-${rnd.hex(16)}` : `${first}.${last}.${i}@example.com`.toLowerCase()
      createPerson(db, teamId, {
        name: anonymous ? null : `${first} ${last}`,
        properties: anonymous
          ? { $browser: rnd.pick(BROWSERS), $geoip_country_code: rnd.pick(COUNTRIES) }
          : {
              email: distinctId,
              name: `${first} ${last}`,
              plan: rnd.pick(['free', 'pro', 'enterprise']),
              $browser: rnd.pick(BROWSERS),
              $geoip_country_code: rnd.pick(COUNTRIES),
            },
        distinctIds: [distinctId],
        createdAt: new Date(firstSeen).toISOString(),
      })
      ids.push(distinctId)
    }
  })
  return ids
}

/** Recordings spread over the last `days` days, newest a few minutes ago (so some are ongoing). */
export function buildRecordings(
  teamId: number,
  rnd: Random,
  count: number,
  distinctIds: string[],
  days = RECORDING_DAYS,
  now = Date.now(),
) {
  const rows: NewRecording[] = []
  const span = days * DAY
  for (let i = 0; i < count; i++) {
    const start = i === 0 ? now - 90_000 : now - Math.floor(rnd.next() * span) - 600_000
    const duration = Math.max(3, Math.round(Math.exp(rnd.next() * 7.5)))
    const active = Math.round(duration * (0.2 + rnd.next() * 0.8))
    const clicks = rnd.int(0, Math.ceil(active / 3))
    const errors = rnd.next() < 0.22 ? rnd.int(1, 14) : 0
    rows.push({
      id: rnd.sessionId(start),
      team_id: teamId,
      distinct_id: distinctIds.length ? rnd.pick(distinctIds) : null,
      viewed: rnd.next() < 0.35 ? 1 : 0,
      recording_duration: duration,
      active_seconds: active,
      inactive_seconds: duration - active,
      start_time: start,
      end_time: start + duration * 1000,
      click_count: clicks,
      keypress_count: rnd.int(0, Math.ceil(active / 2)),
      mouse_activity_count: rnd.int(clicks, clicks + active),
      console_log_count: rnd.int(0, 40),
      console_warn_count: rnd.next() < 0.3 ? rnd.int(1, 9) : 0,
      console_error_count: errors,
      start_url: `${rnd.pick(HOSTS)}${rnd.pick(PAGES)}${rnd.next() < 0.2 ? '?utm_source=newsletter' : ''}`,
      storage: rnd.next() < 0.9 ? 'object_storage' : 'object_storage_lts',
      snapshot_source: rnd.next() < 0.9 ? 'web' : 'mobile',
      activity_score: Math.round((clicks * 2 + active / 10 + errors * 3) * 10) / 10,
    })
  }
  return rows
}

/** Inserts the rows and, unless `snapshots` is false (the 100k benchmark), each one's rrweb stream. */
export function seedRecordings(
  db: Db,
  teamId: number,
  rnd: Random,
  count: number,
  distinctIds: string[],
  { snapshots = true }: { snapshots?: boolean } = {},
) {
  const rows = buildRecordings(teamId, rnd, count, distinctIds)
  for (let i = 0; i < rows.length; i += 5000) insertRecordings(db, rows.slice(i, i + 5000))
  if (snapshots) writeTransaction(db, () => seedSnapshots(db, rows))
  return rows
}
