import { z } from 'zod'

/**
 * Path parameters as zod schemas. A refused value is a missing object, so each schema's message is the
 * 404 text PostHog gives for it: a nested route's parent answers "Organization not found." / "Project
 * not found." (posthog/api/routing.py, parents_query_dict), an object's own id "Not found.".
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const isUuid = (value: string) => UUID.test(value)

const uuidOr = (message: string) =>
  z
    .string()
    .regex(UUID, message)
    .transform((v) => v.toLowerCase())

const current = z.literal('@current')

/** An organization id or `@current`, as the parent of a nested route. */
export const parentOrganizationId = z.union([current, uuidOr('Organization not found.')], {
  error: 'Organization not found.',
})

/** An organization's own id (`/api/organizations/:id/`) or `@current`. */
export const organizationId = z.union([current, uuidOr('Not found.')], { error: 'Not found.' })

const numericId = (message: string) =>
  z
    .string()
    .regex(/^\d{1,15}$/, message)
    .transform(Number)

/** A project id or `@current`, as the parent of a nested route. */
export const parentProjectId = z.union([current, numericId('Project not found.')], { error: 'Project not found.' })

/** A project's own id (`/api/projects/:id/`) or `@current`. */
export const projectId = z.union([current, numericId('Not found.')], { error: 'Not found.' })

/** An object's UUID. */
export const objectUuid = uuidOr('Not found.')

/** A recording is named by its session id: any non-empty text, looked up as it is. */
export const recordingId = z.string().min(1, 'Recording not found').max(400, 'Recording not found')
