import { createKey } from '../db/api-keys'
import { writeTransaction, type Db } from '../db/database'
import { addMember, createOrganization } from '../db/organizations'
import { setSharing } from '../db/sharing'
import { createTeam, projectTokens, teamsOf } from '../db/teams'
import { createUser } from '../db/users'
import { seedExport, seedRuns } from './batch-exports'
import { createRandom } from './random'
import { seedPersons, seedRecordings } from './recordings'

const s3 = (bucket: string, prefix: string, extra: Record<string, unknown> = {}) => ({
  bucket_name: bucket,
  region: 'eu-central-1',
  prefix,
  compression: 'gzip',
  file_format: 'JSONLines',
  encryption: null,
  kms_key_id: null,
  endpoint_url: null,
  max_file_size_mb: null,
  use_virtual_style_addressing: false,
  include_events: null,
  exclude_events: null,
  aws_access_key_id: 'AKIADEMO00000000EXAMPLE',
  aws_secret_access_key: 'demo-secret-never-shown-0000000000000000',
  ...extra,
})

/** The demo world of a new database; returns the demo key (scope `*`) and the demo organization's projects. */
export function seedDemo(db: Db, options: { key?: string } = {}) {
  const rnd = createRandom(7)
  let key = ''
  let projects: { id: number; name: string; api_token: string }[] = []
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

    const base = {
      team_id: web,
      hogql_query: null,
      filters: null,
      start_at: null,
      end_at: null,
      last_paused_at: null,
      paused: false,
    }
    const nightly = seedExport(db, orgId, {
      ...base,
      name: 'Nightly S3 events',
      model: 'events',
      destination_type: 'S3',
      destination_config: s3('acme-analytics-exports', 'events/nightly/'),
      interval: 'day',
    })
    seedRuns(db, nightly, 'day', rnd, 40)
    const hourly = seedExport(db, orgId, {
      ...base,
      name: 'Hourly persons',
      model: 'persons',
      destination_type: 'S3',
      destination_config: s3('acme-persons', 'persons/', { file_format: 'Parquet', compression: 'zstd' }),
      interval: 'hour',
      paused: true,
      last_paused_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    })
    seedRuns(db, hourly, 'hour', rnd, 60)
    const sessions = seedExport(db, orgId, {
      ...base,
      name: 'Sessions to BigQuery',
      model: 'sessions',
      destination_type: 'BigQuery',
      destination_config: {
        project_id: 'acme-analytics',
        dataset_id: 'posthog',
        table_id: 'sessions',
        private_key: 'demo-private-key',
        client_email: 'exporter@acme.iam.gserviceaccount.com',
      },
      interval: 'every 15 minutes',
    })
    seedRuns(db, sessions, 'every 15 minutes', rnd, 30)
    const mirror = seedExport(db, orgId, {
      ...base,
      team_id: marketing,
      name: 'Marketing events mirror',
      model: 'events',
      destination_type: 'Postgres',
      destination_config: {
        host: 'db.internal.example',
        port: 5432,
        database: 'analytics',
        schema: 'public',
        table_name: 'events',
        user: 'exporter',
        password: 'demo-password',
      },
      interval: 'hour',
    })
    seedRuns(db, mirror, 'hour', rnd, 12)

    const people = seedPersons(db, web, rnd, 60)
    const recordings = seedRecordings(db, web, rnd, 320, people)
    for (const r of recordings.slice(5, 7)) setSharing(db, web, r.id, true)
    const marketingPeople = seedPersons(db, marketing, rnd, 15)
    seedRecordings(db, marketing, rnd, 45, marketingPeople)

    key = createKey(db, { userId: user.id, label: 'Demo key', scopes: ['*'], key: options.key }).key
    projects = projectTokens(db, orgId)
  })
  return { key, projects }
}
