import { describe, expect, it } from 'vitest'
import { openDatabase } from './database'
import { countRecordings, listRecordings, setViewed } from './recordings'
import { createOrganization } from './organizations'
import { teamsOf } from './teams'
import { createUser } from './users'
import { createRandom } from '../seed/random'
import { seedRecordings } from '../seed/recordings'

function world(count: number) {
  const { db } = openDatabase(':memory:')
  const user = createUser(db, { email: 'a@example.com', first_name: 'A' })
  const teamId = teamsOf(db, createOrganization(db, user.id, { name: 'Org' }))[0]!.id
  // Snapshots play no part in paging; leaving them out keeps the 3500-row world quick to build.
  seedRecordings(db, teamId, createRandom(1), count, ['p1', 'p2'], { snapshots: false })
  return { db, teamId }
}

describe('recording pages', () => {
  it('returns exactly what a plain LIMIT/OFFSET would, also deep pages served from anchors', () => {
    const { db, teamId } = world(3500)
    const plain = (order: string, offset: number) =>
      db
        .prepare<[number, number], string>(
          `SELECT id FROM session_recordings WHERE team_id = ? AND deleted_at IS NULL ORDER BY ${order} LIMIT 100 OFFSET ?`,
        )
        .pluck()
        .all(teamId, offset)
    const cases = [
      [{}, 'start_time DESC, rid DESC'],
      [{ order: '-start_time' }, 'start_time ASC, rid ASC'],
      [{ order: 'duration' }, 'recording_duration DESC, rid DESC'],
      [{ order: '-duration' }, 'recording_duration ASC, rid ASC'],
      [{ order: 'activity_score' }, 'activity_score DESC, rid DESC'],
    ] as const
    for (const [query, order] of cases) {
      for (const offset of [0, 999, 1000, 1001, 2050, 3000, 3450, 3499, 3500]) {
        expect(listRecordings(db, teamId, query, 100, offset).map((r) => r.id)).toEqual(plain(order, offset))
      }
    }
  })

  it('never serves a stale page or count after a write', () => {
    const { db, teamId } = world(50)
    const first = listRecordings(db, teamId, { viewed: false }, 100, 0)
    const before = countRecordings(db, teamId, { viewed: false })
    const rid = db
      .prepare<[string], number>('SELECT rid FROM session_recordings WHERE id = ?')
      .pluck()
      .get(first[0]!.id)!
    setViewed(db, rid, true)
    expect(countRecordings(db, teamId, { viewed: false })).toBe(before - 1)
    expect(listRecordings(db, teamId, { viewed: false }, 100, 0).some((r) => r.id === first[0]!.id)).toBe(false)
  })

  it('keeps the caches of two databases apart', () => {
    const small = world(30)
    const large = world(40)
    expect(countRecordings(small.db, small.teamId, {})).toBe(30)
    expect(countRecordings(large.db, large.teamId, {})).toBe(40)
    expect(listRecordings(large.db, large.teamId, {}, 100, 0)).toHaveLength(40)
  })
})
