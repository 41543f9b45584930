import type { SessionRecording } from '../../contracts'

/** A valid recording as the server returns it (tests only). */
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
