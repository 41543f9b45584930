import type { BatchExportRun, ReadableExport, RunStatus } from '../contracts/batch-exports'
import type { Organization } from '../contracts/organizations'
import type { SessionRecording } from '../contracts/session-recordings'

/** A valid organization as the server returns it. */
export function organizationFixture(overrides: Partial<Organization> = {}): Organization {
  return {
    id: '7c1f4a5e-7b9e-4c1a-9a57-2f1e1f3b6d10',
    name: 'Acme',
    slug: 'acme',
    logo_media_id: null,
    created_at: '2026-01-05T10:00:00Z',
    updated_at: '2026-03-01T08:30:00Z',
    membership_level: 15,
    plugins_access_level: 9,
    teams: [],
    projects: [{ id: 1, organization_id: '7c1f4a5e-7b9e-4c1a-9a57-2f1e1f3b6d10', name: 'Web' }],
    available_product_features: [],
    is_member_join_email_enabled: true,
    metadata: null,
    customer_id: null,
    enforce_2fa: false,
    member_count: 3,
    is_ai_data_processing_approved: false,
    ...overrides,
  }
}

/** A valid export as the server returns it: daily, NoOp destination, no runs yet. */
export function exportFixture(overrides: Partial<ReadableExport> = {}): ReadableExport {
  return {
    id: '8d2b8c3e-7a4f-4a83-9d6e-5f3a1c2b0e11',
    team_id: 1,
    name: 'Nightly',
    model: 'events',
    destination: { type: 'NoOp', config: {} },
    interval: 'day',
    paused: false,
    created_at: '2026-01-01T00:00:00Z',
    last_updated_at: '2026-01-01T00:00:00Z',
    last_paused_at: null,
    start_at: null,
    end_at: null,
    latest_runs: [],
    ...overrides,
  }
}

let runs = 0

/** A run of the window `[start, end)` that was created, and finished, when the window ended. */
export function runFixture(
  status: RunStatus,
  start: string,
  end: string,
  overrides: Partial<BatchExportRun> = {},
): BatchExportRun {
  return {
    id: `00000000-0000-4000-8000-${String(++runs).padStart(12, '0')}`,
    status,
    records_completed: 10,
    records_failed: 0,
    records_total_count: 10,
    bytes_exported: 100,
    latest_error: null,
    data_interval_start: start,
    data_interval_end: end,
    cursor: null,
    created_at: end,
    finished_at: end,
    last_updated_at: end,
    batch_export: '8d2b8c3e-7a4f-4a83-9d6e-5f3a1c2b0e11',
    backfill: null,
    ...overrides,
  }
}

/** A valid recording as the server returns it. */
export function recordingFixture(overrides: Partial<SessionRecording> = {}): SessionRecording {
  return {
    id: '018f0e5a-1b2c-7d3e-8f40-123456789abc',
    distinct_id: 'ada@example.com',
    viewed: false,
    recording_duration: 252,
    active_seconds: 180,
    inactive_seconds: 72,
    start_time: '2026-03-12T10:00:00.000Z',
    end_time: '2026-03-12T10:04:12.000Z',
    click_count: 14,
    keypress_count: 30,
    mouse_activity_count: 210,
    console_log_count: 5,
    console_warn_count: 0,
    console_error_count: 0,
    start_url: 'https://app.example.com/pricing',
    person: {
      id: 1,
      name: 'Ada Lovelace',
      distinct_ids: ['ada@example.com'],
      properties: { email: 'ada@example.com', plan: 'pro' },
      created_at: '2026-01-01T00:00:00Z',
      uuid: '5f3c1a2b-9d8e-4f7a-b6c5-0a1b2c3d4e5f',
    },
    storage: 'object_storage',
    snapshot_source: 'web',
    ongoing: false,
    activity_score: 31.5,
    ...overrides,
  }
}
