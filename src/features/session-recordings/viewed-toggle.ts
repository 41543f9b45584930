import type { SessionRecording } from '../../contracts/session-recordings'
import { upstreamIsPostHog } from '../../api/upstream'
import { allOf, type Permission } from '../../lib/permissions'

const POSTHOG_KEEPS_VIEWED: Permission = {
  allowed: false,
  // SessionRecordingUpdateSerializer refuses `viewed: false` ("At least one of 'viewed' or 'analyzed' must be provided.").
  reason: 'PostHog keeps a recording viewed once it is',
}

/** Whether the user may flip this recording's viewed mark: the write scope, and a server that can undo "viewed". */
export function viewedTogglePermission(recording: Pick<SessionRecording, 'viewed'>, canWrite: Permission) {
  return allOf(canWrite, recording.viewed && upstreamIsPostHog() ? POSTHOG_KEEPS_VIEWED : canWrite)
}
