/** Versioned schema migrations; each runs once, in order, inside a transaction. */
export const MIGRATIONS: { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'initial schema',
    sql: `
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,
  distinct_id TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
);
CREATE TABLE organizations (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  slug TEXT NOT NULL UNIQUE,
  logo_media_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  plugins_access_level INTEGER NOT NULL DEFAULT 9,
  is_member_join_email_enabled INTEGER NOT NULL DEFAULT 1,
  enforce_2fa INTEGER,
  is_ai_data_processing_approved INTEGER,
  customer_id TEXT
);
CREATE TABLE memberships (
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  level INTEGER NOT NULL,
  joined_at TEXT NOT NULL,
  PRIMARY KEY (organization_id, user_id)
);
CREATE INDEX memberships_user ON memberships(user_id);
CREATE TABLE teams (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid TEXT NOT NULL UNIQUE,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  timezone TEXT NOT NULL DEFAULT 'UTC',
  api_token TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX teams_org ON teams(organization_id);
CREATE TABLE personal_api_keys (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  label TEXT NOT NULL,
  secure_value TEXT NOT NULL UNIQUE,
  mask_value TEXT NOT NULL,
  scopes TEXT NOT NULL,
  scoped_organizations TEXT,
  scoped_teams TEXT,
  created_at TEXT NOT NULL,
  last_used_at TEXT
);
CREATE TABLE batch_exports (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  team_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  model TEXT,
  destination_type TEXT NOT NULL,
  destination_config TEXT NOT NULL,
  interval TEXT NOT NULL,
  paused INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  last_updated_at TEXT NOT NULL,
  last_paused_at TEXT,
  start_at TEXT,
  end_at TEXT,
  hogql_query TEXT,
  schema TEXT,
  filters TEXT
);
CREATE INDEX batch_exports_org ON batch_exports(organization_id);
CREATE TABLE batch_export_backfills (
  id TEXT PRIMARY KEY,
  batch_export_id TEXT NOT NULL REFERENCES batch_exports(id) ON DELETE CASCADE,
  start_at TEXT NOT NULL,
  end_at TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE batch_export_runs (
  id TEXT PRIMARY KEY,
  batch_export_id TEXT NOT NULL REFERENCES batch_exports(id) ON DELETE CASCADE,
  status TEXT NOT NULL,
  records_completed INTEGER,
  records_failed INTEGER,
  records_total_count INTEGER,
  bytes_exported INTEGER,
  latest_error TEXT,
  data_interval_start TEXT,
  data_interval_end TEXT NOT NULL,
  cursor TEXT,
  created_at TEXT NOT NULL,
  finished_at TEXT,
  last_updated_at TEXT NOT NULL,
  backfill_id TEXT
);
CREATE INDEX batch_export_runs_export ON batch_export_runs(batch_export_id, created_at DESC);
CREATE TABLE batch_export_logs (
  id INTEGER PRIMARY KEY,
  batch_export_id TEXT NOT NULL REFERENCES batch_exports(id) ON DELETE CASCADE,
  instance_id TEXT NOT NULL,
  timestamp TEXT NOT NULL,
  level TEXT NOT NULL,
  message TEXT NOT NULL
);
CREATE INDEX batch_export_logs_export ON batch_export_logs(batch_export_id, timestamp DESC);
CREATE TABLE persons (
  id INTEGER PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,
  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  name TEXT,
  properties TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);
CREATE TABLE person_distinct_ids (
  team_id INTEGER NOT NULL,
  distinct_id TEXT NOT NULL,
  person_id INTEGER NOT NULL REFERENCES persons(id) ON DELETE CASCADE,
  PRIMARY KEY (team_id, distinct_id)
);
CREATE INDEX person_distinct_ids_person ON person_distinct_ids(person_id);
CREATE TABLE session_recordings (
  rid INTEGER PRIMARY KEY,
  id TEXT NOT NULL,
  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  distinct_id TEXT,
  viewed INTEGER NOT NULL DEFAULT 0,
  recording_duration INTEGER NOT NULL,
  active_seconds INTEGER,
  inactive_seconds INTEGER,
  start_time INTEGER NOT NULL,
  end_time INTEGER NOT NULL,
  click_count INTEGER,
  keypress_count INTEGER,
  mouse_activity_count INTEGER,
  console_log_count INTEGER,
  console_warn_count INTEGER,
  console_error_count INTEGER,
  start_url TEXT,
  storage TEXT,
  snapshot_source TEXT,
  activity_score REAL,
  deleted_at TEXT,
  UNIQUE (team_id, id)
);
CREATE INDEX rec_start_time ON session_recordings(team_id, start_time, rid) WHERE deleted_at IS NULL;
CREATE INDEX rec_duration ON session_recordings(team_id, recording_duration, rid) WHERE deleted_at IS NULL;
CREATE INDEX rec_active ON session_recordings(team_id, active_seconds, rid) WHERE deleted_at IS NULL;
CREATE INDEX rec_errors ON session_recordings(team_id, console_error_count, rid) WHERE deleted_at IS NULL;
CREATE INDEX rec_activity ON session_recordings(team_id, activity_score, rid) WHERE deleted_at IS NULL;
CREATE INDEX rec_clicks ON session_recordings(team_id, click_count, rid) WHERE deleted_at IS NULL;
CREATE TABLE sharing_configurations (
  team_id INTEGER NOT NULL,
  recording_id TEXT NOT NULL,
  enabled INTEGER NOT NULL,
  access_token TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (team_id, recording_id)
);
`,
  },
  {
    version: 2,
    name: 'session recording snapshots',
    // One row per chunk of a session's rrweb stream: deflate-raw JSONL of `[windowId, event]` lines.
    // `seq` is the chunk's blob key (0, 1, … in arrival order); `chunk_key` makes a replayed write a no-op;
    // `received_at` hides a chunk until it has arrived (the demo seed spreads an ongoing session's chunks
    // over its future).
    sql: `
CREATE TABLE session_recording_snapshots (
  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  session_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  chunk_key TEXT NOT NULL,
  start_timestamp INTEGER NOT NULL,
  end_timestamp INTEGER NOT NULL,
  event_count INTEGER NOT NULL,
  byte_length INTEGER NOT NULL,
  received_at INTEGER NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY (team_id, session_id, seq),
  UNIQUE (team_id, session_id, chunk_key)
);
`,
  },
  {
    // The export engine (server/engine/): events to export, the schedule fields, and run state that
    // survives a restart (a claimed run, its attempts, a requested cancel).
    version: 3,
    name: 'export engine: events, sessions, schedule and run state',
    sql: `
CREATE TABLE events (
  id INTEGER PRIMARY KEY,
  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  -- The event's uuid as sent by the SDK: one row per (team, uuid), so a replayed capture batch is a no-op.
  uuid TEXT NOT NULL,
  event TEXT NOT NULL,
  distinct_id TEXT NOT NULL,
  -- JSON object; captured data, untrusted.
  properties TEXT NOT NULL DEFAULT '{}',
  -- Epoch milliseconds: when it happened (client clock), when it was sent, when this server stored it.
  timestamp INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  inserted_at INTEGER NOT NULL,
  elements_chain TEXT NOT NULL DEFAULT '',
  -- persons.uuid of the person the distinct id belonged to at ingestion, when known.
  person_id TEXT,
  -- properties.$session_id, copied out for the sessions model.
  session_id TEXT,
  UNIQUE (team_id, uuid)
);
-- Export windows select by arrival (inserted_at), as PostHog's scheduled runs do.
CREATE INDEX events_team_inserted ON events(team_id, inserted_at, id);
CREATE INDEX events_team_session ON events(team_id, session_id) WHERE session_id IS NOT NULL;
CREATE TABLE sessions (
  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  session_id TEXT NOT NULL,
  distinct_id TEXT NOT NULL,
  start_timestamp INTEGER NOT NULL,
  end_timestamp INTEGER NOT NULL,
  entry_url TEXT,
  end_url TEXT,
  pageview_count INTEGER NOT NULL DEFAULT 0,
  autocapture_count INTEGER NOT NULL DEFAULT 0,
  event_count INTEGER NOT NULL DEFAULT 0,
  -- Epoch ms of the last event that changed this session: a session is exported in the window it last changed in.
  inserted_at INTEGER NOT NULL,
  PRIMARY KEY (team_id, session_id)
);
CREATE INDEX sessions_team_inserted ON sessions(team_id, inserted_at);
ALTER TABLE persons ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
-- ISO instant of the last change (NULL: never changed since created_at); persons export by it.
ALTER TABLE persons ADD COLUMN updated_at TEXT;
CREATE INDEX persons_team_changed ON persons(team_id, coalesce(updated_at, created_at));

ALTER TABLE batch_exports ADD COLUMN timezone TEXT NOT NULL DEFAULT 'UTC';
-- PostHog's interval_offset: seconds after the start of the day (or week, Sunday first) when a window closes.
ALTER TABLE batch_exports ADD COLUMN interval_offset INTEGER;
-- The last window end the scheduler has handled; windows closing after it are due. Set on create and on resume.
ALTER TABLE batch_exports ADD COLUMN scheduled_through TEXT;
UPDATE batch_exports SET scheduled_through = strftime('%Y-%m-%dT%H:%M:%fZ', 'now');

ALTER TABLE batch_export_runs ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
-- When a FailedRetryable run is tried again.
ALTER TABLE batch_export_runs ADD COLUMN next_attempt_at TEXT;
ALTER TABLE batch_export_runs ADD COLUMN cancel_requested INTEGER NOT NULL DEFAULT 0;
-- schedule | backfill (backfills, retries and resumes with backfill), NULL for runs made before the engine.
ALTER TABLE batch_export_runs ADD COLUMN origin TEXT;
-- One scheduled run per window, even if two ticks race.
CREATE UNIQUE INDEX batch_export_runs_window ON batch_export_runs(batch_export_id, data_interval_end) WHERE origin = 'schedule';
CREATE INDEX batch_export_runs_queue ON batch_export_runs(status, next_attempt_at)
  WHERE status IN ('Starting', 'Running', 'FailedRetryable');
CREATE INDEX batch_export_backfills_export ON batch_export_backfills(batch_export_id, start_at, end_at);
-- Which server process runs the engine on this database: one at a time, or two would take over each other's runs.
CREATE TABLE engine_owner (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  pid INTEGER NOT NULL,
  host TEXT NOT NULL,
  heartbeat_at TEXT NOT NULL
);
`,
  },
]
