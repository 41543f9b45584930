import { createKey } from '../db/api-keys'
import { writeTransaction, type Db } from '../db/database'
import { addMember, createOrganization } from '../db/organizations'
import { setSharing } from '../db/sharing'
import { createTeam, teamsOf } from '../db/teams'
import { createUser } from '../db/users'
import { seedDemoExports } from './demo-exports'
import { seedEvents } from './events'
import { createRandom } from './random'
import { seedPersons, seedRecordings } from './recordings'

/** The demo world of a new database; returns the demo key (scope `*`). */
export function seedDemo(db: Db, options: { key?: string; now?: number } = {}) {
  const rnd = createRandom(7)
  const now = options.now ?? Date.now()
  let key = ''
  writeTransaction(db, () => {
    const user = createUser(db, { email: 'demo@example.com', first_name: 'Demo', last_name: 'Admin' })
    const orgId = createOrganization(db, user.id, {
      name: 'Demo Org',
      enforce_2fa: false,
      is_ai_data_processing_approved: true,
    })
    const web = teamsOf(db, orgId)[0]!.id
    db.prepare("UPDATE teams SET name = 'Web app', timezone = 'Europe/Berlin' WHERE id = ?").run(web)
    const marketing = createTeam(db, orgId, 'Marketing site', 'America/New_York')

    const colleague = createUser(db, { email: 'owner@partner.example', first_name: 'Pat', last_name: 'Partner' })
    const partnerOrg = createOrganization(db, colleague.id, { name: 'Partner Agency' })
    addMember(db, partnerOrg, user.id, 1)

    const people = seedPersons(db, web, rnd, 60)
    const recordings = seedRecordings(db, web, rnd, 320, people)
    for (const r of recordings.slice(5, 7)) setSharing(db, web, r.id, true)
    const marketingPeople = seedPersons(db, marketing, rnd, 15)
    seedRecordings(db, marketing, rnd, 45, marketingPeople)

    // Events come from their own random stream, so the recordings above stay what they were.
    const events = createRandom(11)
    seedEvents(db, web, events, { days: 7, perHour: 30, host: 'https://app.example.com', now })
    seedEvents(db, marketing, events, { days: 7, perHour: 6, host: 'https://www.example.com', now })
    seedDemoExports(db, orgId, { web, marketing }, events, now)

    key = createKey(db, { userId: user.id, label: 'Demo key', scopes: ['*'], key: options.key }).key
  })
  return { key }
}
