import { createKey } from '../db/api-keys'
import type { Db } from '../db/database'
import { createOrganization } from '../db/organizations'
import { teamsOf } from '../db/teams'
import { createUser, findUserByEmail } from '../db/users'
import { seedExport, seedRuns } from './batch-exports'
import { createRandom } from './random'
import { seedPersons, seedRecordings } from './recordings'

/** A large organization for benchmarks: one project with `recordings`, `exports` × `runsPerExport` runs. */
export function seedScale(
  db: Db,
  options: { recordings: number; exports: number; runsPerExport: number; key?: string; exportsPaused?: boolean },
) {
  const rnd = createRandom(2026)
  const user =
    findUserByEmail(db, 'scale@example.com') ??
    createUser(db, { email: 'scale@example.com', first_name: 'Scale', last_name: 'Tester' })
  const orgId = createOrganization(db, user.id, { name: `Scale Org ${new Date().toISOString().slice(0, 19)}` })
  const teamId = teamsOf(db, orgId)[0]!.id
  const people = seedPersons(db, teamId, rnd, Math.min(5000, Math.max(10, Math.floor(options.recordings / 20))))
  // Snapshot streams are left out: the benchmarks measure the list, and 100k streams would take minutes.
  seedRecordings(db, teamId, rnd, options.recordings, people, { snapshots: false })
  for (let i = 0; i < options.exports; i++) {
    const id = seedExport(db, orgId, {
      team_id: teamId,
      name: `Export ${i + 1}`,
      model: rnd.pick(['events', 'persons', 'sessions'] as const),
      destination_type: 'S3',
      destination_config: {
        bucket_name: `bucket-${i}`,
        region: 'us-east-1',
        prefix: 'x/',
        file_format: 'JSONLines',
        compression: 'gzip',
        aws_access_key_id: 'AKIA',
        aws_secret_access_key: 'secret',
      },
      interval: 'hour',
      paused: rnd.next() < 0.2 || options.exportsPaused === true,
      last_paused_at: null,
      start_at: null,
      end_at: null,
      hogql_query: null,
      filters: null,
      timezone: 'UTC',
      interval_offset: null,
    })
    seedRuns(db, id, 'hour', rnd, options.runsPerExport)
  }
  const { key } = createKey(db, { userId: user.id, label: 'Scale key', scopes: ['*'], key: options.key })
  return { organization_id: orgId, project_id: teamId, key }
}
