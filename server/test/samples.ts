/** A valid body for each route that takes one, keyed `METHOD path` (the scope matrix and the fuzz build on them). */
export const SAMPLE_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/organizations/': { name: 'Matrix Org' },
  'PATCH /api/organizations/:id/': { name: 'Demo Org' },
  'PUT /api/organizations/:id/': { name: 'Demo Org' },
  'POST /api/organizations/:organization_id/batch_exports/': {
    name: 'Matrix',
    interval: 'hour',
    destination: { type: 'NoOp', config: {} },
  },
  'PATCH /api/organizations/:organization_id/batch_exports/:id/': { paused: false },
  // The first demo export (the one the matrix and the fuzz address) is the NoOp one.
  'PUT /api/organizations/:organization_id/batch_exports/:id/': {
    name: 'Event counts (dry run)',
    interval: 'hour',
    destination: { type: 'NoOp', config: {} },
  },
  'POST /api/organizations/:organization_id/batch_exports/:id/unpause/': { backfill: false },
  'POST /api/organizations/:organization_id/batch_exports/:id/backfill/': {
    start_at: '2026-01-01T00:00:00Z',
    end_at: '2026-01-01T01:00:00Z',
  },
  'PATCH /api/projects/:project_id/session_recordings/:id/': { viewed: true },
  'PATCH /api/projects/:project_id/session_recordings/:recording_id/sharing/': { enabled: false },
  'POST /api/projects/:project_id/session_recordings/ai/regex/': { regex: 'contains checkout' },
  'POST /api/projects/:project_id/session_recordings/ai/filters/': {
    messages: [{ role: 'user', content: 'longest first' }],
  },
}
