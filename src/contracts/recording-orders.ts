/** Orders the console offers (its sortable columns); the list takes PostHog's others too (recordings-list-query.ts). */
export const RECORDING_ORDERS = [
  'start_time',
  'duration',
  'active_seconds',
  'console_error_count',
  'activity_score',
  'click_count',
] as const
export type RecordingOrder = (typeof RECORDING_ORDERS)[number]
