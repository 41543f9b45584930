// What a real PostHog answers, written from its serializers (not from this server's contracts), for the
// proxy-mode tests: posthog/api/user.py (UserSerializer), posthog/api/personal_api_key.py,
// posthog/api/organization.py, posthog/api/project.py, posthog/batch_exports/http.py
// (BatchExportSerializer, BatchExportRunSerializer with RunsCursorPagination), posthog/api/person.py
// (PersonSerializer and its MissingPerson) and posthog/session_recordings/session_recording_api.py
// (SessionRecordingSerializer, `{results, has_next, version}`). Each carries fields the console does
// not know, as PostHog's do.

export const ORG_ID = '0190a3c4-5b6d-7e8f-9a0b-1c2d3e4f5a6b'
export const PROJECT_ID = 2
export const TEAM_UUID = '0190a3c4-5b6d-7e8f-9a0b-aaaaaaaaaaaa'
const CREATED = '2025-06-01T09:00:00.000000Z'

const team = {
  id: PROJECT_ID,
  uuid: TEAM_UUID,
  organization: ORG_ID,
  project_id: PROJECT_ID,
  api_token: 'phc_standInProjectToken',
  name: 'Storefront',
  completed_snippet_onboarding: true,
  has_completed_onboarding_for: { product_analytics: true, session_replay: true },
  ingested_event: true,
  is_demo: false,
  timezone: 'Europe/Berlin',
  access_control: false,
}

export const organization = {
  id: ORG_ID,
  name: 'Acme Analytics',
  slug: 'acme-analytics',
  logo_media_id: null,
  created_at: CREATED,
  updated_at: '2026-01-10T12:00:00.000000Z',
  membership_level: 15,
  plugins_access_level: 9,
  teams: [team],
  projects: [{ id: PROJECT_ID, organization_id: ORG_ID, name: 'Storefront' }],
  available_product_features: [{ key: 'session_replay', name: 'Session replay' }],
  is_member_join_email_enabled: true,
  metadata: {},
  customer_id: 'cus_standIn',
  enforce_2fa: null,
  is_ai_data_processing_approved: true,
  member_count: 4,
  default_experiment_stats_method: 'bayesian',
  default_role_id: null,
}

export const me = {
  date_joined: CREATED,
  uuid: '0190a3c4-5b6d-7e8f-9a0b-bbbbbbbbbbbb',
  distinct_id: 'ada-distinct-id',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@acme.example',
  pending_email: null,
  is_email_verified: true,
  notification_settings: { plugin_disabled: true },
  anonymize_data: false,
  toolbar_mode: 'toolbar',
  has_password: true,
  is_staff: false,
  is_impersonated: false,
  team,
  organization,
  organizations: [
    {
      id: ORG_ID,
      name: 'Acme Analytics',
      slug: 'acme-analytics',
      logo_media_id: null,
      membership_level: 15,
      members_can_use_personal_api_keys: true,
    },
  ],
  events_column_config: { active: 'DEFAULT' },
  is_2fa_enabled: false,
  has_social_auth: false,
  has_sso_enforcement: false,
  theme_mode: 'system',
  role_at_organization: 'engineering',
}

/** GET /api/personal_api_keys/@current/ for a key with the scopes an admin console needs. */
export const currentKey = {
  id: '0190a3c4-5b6d-7e8f-9a0b-cccccccccccc',
  label: 'Analytics Admin',
  mask_value: 'phx_...Wxyz',
  created_at: CREATED,
  last_used_at: '2026-01-10T12:00:00.000000Z',
  user_id: 1,
  scopes: [
    'organization:read',
    'organization:write',
    'project:read',
    'batch_export:read',
    'batch_export:write',
    'session_recording:read',
    'session_recording:write',
    'sharing_configuration:read',
    'sharing_configuration:write',
  ],
  scoped_teams: null,
  scoped_organizations: null,
  last_rolled_at: null,
}

export const project = { ...team, created_at: CREATED, product_description: null, is_demo: false }

const run = (id: string, status: string, start: string, end: string, extra: Record<string, unknown> = {}) => ({
  id,
  status,
  records_completed: status === 'Completed' ? 48_210 : null,
  latest_error: status === 'Failed' ? 'NoSuchBucket: The specified bucket does not exist' : null,
  data_interval_start: start,
  data_interval_end: end,
  cursor: null,
  created_at: end,
  finished_at: status === 'Running' ? null : end,
  last_updated_at: end,
  records_total_count: 48_210,
  bytes_exported: status === 'Completed' ? 9_412_300 : null,
  batch_export: extra.batch_export,
  backfill: null,
  team_id: PROJECT_ID,
  ...extra,
})

const exportBase = {
  team_id: PROJECT_ID,
  paused: false,
  created_at: CREATED,
  last_updated_at: '2026-01-05T08:00:00.000000Z',
  last_paused_at: null,
  start_at: null,
  end_at: null,
  hogql_query: null,
  hogql_modifiers: null,
  schema: null,
  filters: null,
  timezone: 'UTC',
  offset_day: null,
  offset_hour: 2,
}

export const AWS_S3_EXPORT_ID = '0190a3c4-1111-7e8f-9a0b-000000000001'
export const HOGQL_EXPORT_ID = '0190a3c4-2222-7e8f-9a0b-000000000002'
export const NEWER_TYPE_EXPORT_ID = '0190a3c4-3333-7e8f-9a0b-000000000003'

/** Runs of the AwsS3 export, newest first, as RunsCursorPagination pages them (100 a page). */
export const awsS3Runs = Array.from({ length: 3 }, (_, i) => {
  const end = new Date(Date.UTC(2026, 0, 10 - i, 2)).toISOString().replace('.000Z', 'Z')
  const start = new Date(Date.UTC(2026, 0, 9 - i, 2)).toISOString().replace('.000Z', 'Z')
  return run(`0190a3c4-9999-7e8f-9a0b-00000000000${i}`, i === 1 ? 'Failed' : 'Completed', start, end, {
    batch_export: AWS_S3_EXPORT_ID,
  })
})

/** Three exports: one the console edits (AwsS3, its config as JSON), two it can only show. */
export const batchExports = [
  {
    ...exportBase,
    id: AWS_S3_EXPORT_ID,
    name: 'Events to the data lake',
    model: 'events',
    interval: 'day',
    // PostHog never returns the integration's credentials, only its id.
    destination: {
      type: 'AwsS3',
      integration: 41,
      config: {
        bucket_name: 'acme-data-lake',
        region: 'eu-central-1',
        prefix: 'posthog/events/',
        file_format: 'Parquet',
        compression: 'zstd',
        max_file_size_mb: null,
        use_virtual_style_addressing: false,
        include_events: [],
        exclude_events: ['$feature_flag_called'],
      },
    },
    latest_runs: awsS3Runs,
  },
  {
    ...exportBase,
    id: HOGQL_EXPORT_ID,
    name: 'Revenue rollup',
    model: 'hogql',
    hogql_query: 'SELECT toDate(timestamp) AS day, sum(properties.amount) AS revenue FROM events GROUP BY day',
    interval: 'hour',
    offset_hour: null,
    destination: {
      type: 'BigQuery',
      integration: null,
      config: { project_id: 'acme-warehouse', dataset_id: 'posthog', table_id: 'revenue', use_json_type: true },
    },
    latest_runs: [],
  },
  {
    ...exportBase,
    id: NEWER_TYPE_EXPORT_ID,
    name: 'Events to the stream',
    model: 'events',
    interval: 'every 5 minutes',
    offset_hour: null,
    // A destination type newer than the console.
    destination: { type: 'Kinesis', integration: 7, config: { stream_name: 'acme-events', region: 'eu-west-1' } },
    latest_runs: [],
  },
]

/** PostHog's 403 for endpoints that never serve personal API keys (posthog/permissions.py). */
export const personalKeyRefusal = {
  type: 'authentication_error',
  code: 'permission_denied',
  detail: 'This action does not support personal API key access',
  attr: null,
}

const person = (i: number) => ({
  id: 1000 + i,
  name: `shopper${i}@acme.example`,
  distinct_ids: [`shopper-${i}`],
  properties: { email: `shopper${i}@acme.example`, $browser: 'Firefox' },
  created_at: '2025-12-01T10:00:00.000000Z',
  uuid: `0190a3c4-5b6d-7e8f-9a0b-${String(i).padStart(12, '0')}`,
})

/** A person PostHog has not processed yet: PersonSerializer's MissingPerson. */
const missingPerson = (i: number) => ({
  id: null,
  name: null,
  distinct_ids: [`anon-${i}`],
  properties: {},
  created_at: null,
  uuid: `0190a3c4-5b6d-7e8f-9a0b-f${String(i).padStart(11, '0')}`,
})

/** Recordings as SessionRecordingSerializer writes them, newest first; durations 30 s to 15 min. */
export const recordings = Array.from({ length: 12 }, (_, i) => {
  const start = Date.UTC(2026, 0, 10, 12) - i * 3_600_000
  const duration = 30 + ((i * 97) % 870)
  return {
    id: `0190a3c5-0000-7000-8000-${String(i).padStart(12, '0')}`,
    distinct_id: i === 3 ? `anon-${i}` : `shopper-${i}`,
    viewed: i % 3 === 0,
    viewers: i % 3 === 0 ? ['ada@acme.example'] : [],
    recording_duration: duration,
    active_seconds: Math.round(duration * 0.6),
    inactive_seconds: duration - Math.round(duration * 0.6),
    start_time: new Date(start).toISOString(),
    end_time: new Date(start + duration * 1000).toISOString(),
    click_count: 5 + i,
    keypress_count: 2 * i,
    mouse_activity_count: 40 + i,
    console_log_count: 3,
    console_warn_count: i % 2,
    console_error_count: i % 4 === 1 ? 2 : 0,
    start_url: `https://shop.acme.example/products/${i}`,
    person: i === 3 ? missingPerson(i) : person(i),
    storage: 'object_storage',
    snapshot_source: 'web',
    ongoing: false,
    activity_score: 12.5 + i,
  }
})
