import { nextWindowEnd } from '../../src/contracts/batch-export-schedule'
import type { Db } from '../db/database'
import type { BatchExportValues } from '../db/batch-exports'
import { seedExport, seedHistory } from './batch-exports'
import type { Random } from './random'

const HOUR = 3_600_000
const DAY = 24 * HOUR

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

const base = {
  hogql_query: null,
  filters: null,
  start_at: null,
  end_at: null,
  last_paused_at: null,
  paused: false,
  timezone: 'UTC',
  interval_offset: null,
} satisfies Partial<BatchExportValues>

/**
 * The demo's exports, chosen so a new user without network sees the engine work instead of a wall
 * of failures: one NoOp export runs live every hour; the exports to S3 and Postgres (made-up
 * buckets and hosts) are paused, their histories ending where they were paused, ready to be
 * pointed at a local S3-compatible server or Postgres (see the README) and resumed; the BigQuery
 * export shows a type this server cannot run.
 */
export function seedDemoExports(
  db: Db,
  orgId: string,
  teams: { web: number; marketing: number },
  rnd: Random,
  now: number,
) {
  const created = now - 7 * DAY

  const nightlyPausedAt = Math.floor(now / HOUR) * HOUR - 20 * HOUR
  const nightly = seedExport(
    db,
    orgId,
    {
      ...base,
      team_id: teams.web,
      name: 'Nightly S3 events',
      model: 'events',
      destination_type: 'S3',
      destination_config: s3('acme-analytics-exports', 'events/{year}/{month}/{day}/'),
      interval: 'day',
      timezone: 'Europe/Berlin',
      interval_offset: 2 * 3600,
      paused: true,
      last_paused_at: new Date(nightlyPausedAt).toISOString(),
    },
    new Date(created).toISOString(),
  )
  const nightlySchedule = { interval: 'day' as const, timezone: 'Europe/Berlin', offset_hour: 2 }
  // The run of the third night failed (the credentials had been rotated) and was retried the next morning.
  const failedNight = nextWindowEnd(nightlySchedule, created + 2 * DAY)
  seedHistory(db, rnd, {
    exportId: nightly,
    teamId: teams.web,
    model: 'events',
    destination: 'S3',
    schedule: nightlySchedule,
    from: created,
    until: nightlyPausedAt,
    bytesPerRecord: 96,
    failures: [
      { end: failedNight, error: 'NoSuchBucket: The specified bucket does not exist', retryable: false, retried: true },
    ],
  })

  const personsPausedAt = Math.floor(now / HOUR) * HOUR - 3 * HOUR
  const persons = seedExport(
    db,
    orgId,
    {
      ...base,
      team_id: teams.web,
      name: 'Hourly persons',
      model: 'persons',
      destination_type: 'S3',
      destination_config: s3('acme-persons', 'persons/', { file_format: 'Parquet', compression: 'snappy' }),
      interval: 'hour',
      paused: true,
      last_paused_at: new Date(personsPausedAt).toISOString(),
    },
    new Date(now - 2 * DAY).toISOString(),
  )
  seedHistory(db, rnd, {
    exportId: persons,
    teamId: teams.web,
    model: 'persons',
    destination: 'S3',
    schedule: { interval: 'hour' },
    from: now - 2 * DAY,
    until: personsPausedAt,
    bytesPerRecord: 140,
  })

  seedExport(
    db,
    orgId,
    {
      ...base,
      team_id: teams.web,
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
      paused: true,
      last_paused_at: new Date(now - DAY).toISOString(),
    },
    new Date(now - 3 * DAY).toISOString(),
  )

  const mirrorPausedAt = Math.floor(now / HOUR) * HOUR - 30 * HOUR
  const mirror = seedExport(
    db,
    orgId,
    {
      ...base,
      team_id: teams.marketing,
      name: 'Marketing events mirror',
      model: 'events',
      destination_type: 'Postgres',
      destination_config: {
        host: 'db.internal.example',
        port: 5432,
        database: 'analytics',
        schema: 'public',
        table_name: 'events',
        has_self_signed_cert: false,
        include_events: null,
        exclude_events: null,
        user: 'exporter',
        password: 'demo-password',
      },
      interval: 'hour',
      paused: true,
      last_paused_at: new Date(mirrorPausedAt).toISOString(),
    },
    new Date(now - 3 * DAY).toISOString(),
  )
  // The database host stopped answering; its last two runs failed after their retries, and the export was paused.
  const hostGone = 'connect ETIMEDOUT 10.0.3.7:5432 (ETIMEDOUT)'
  seedHistory(db, rnd, {
    exportId: mirror,
    teamId: teams.marketing,
    model: 'events',
    destination: 'Postgres',
    schedule: { interval: 'hour' },
    from: now - 3 * DAY,
    until: mirrorPausedAt,
    bytesPerRecord: 210,
    failures: [mirrorPausedAt - HOUR, mirrorPausedAt].map((end) => ({
      end,
      error: hostGone,
      retryable: true,
      retried: false,
    })),
  })

  const live = seedExport(
    db,
    orgId,
    {
      ...base,
      team_id: teams.web,
      name: 'Event counts (dry run)',
      model: 'events',
      destination_type: 'NoOp',
      destination_config: { include_events: null, exclude_events: null },
      interval: 'hour',
    },
    new Date(now - 3 * DAY).toISOString(),
  )
  seedHistory(db, rnd, {
    exportId: live,
    teamId: teams.web,
    model: 'events',
    destination: 'NoOp',
    schedule: { interval: 'hour' },
    from: now - 3 * DAY,
    until: now,
    bytesPerRecord: 0,
  })
}
